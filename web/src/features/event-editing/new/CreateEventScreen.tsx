import { t } from "@lingui/core/macro";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { useAction } from "@/api/useAction";
import { useBookId } from "@/features/profile/book";
import "@/styles/bookmaker.css";
import { useNewEventSave } from "../api";
import { draftBody, keepCountry } from "../form";
import type { KeptDraft } from "../start";
import { useOwnFractional } from "../useOwnFractional";
import { useClosingConfirmation } from "@/telegram/features";
import { Page } from "@/ui/Page";
import { LeaveDialog, StartDialog } from "./NewEventDialogs";
import { NewEventFields } from "./NewEventFields";
import type { CreateEventState } from "@/navigation/createeventpage";
import { useNewEventForm } from "./useNewEventForm";

export function CreateEventScreen() {
  const [, navigate] = useLocation();
  const bookmakerId = useBookId();
  // His fractional flag counts only while he holds FRACTAL_ODDS.
  const asFractional = useOwnFractional().on;
  const { keepDraft, saveAndStart } = useNewEventSave();
  const event = useNewEventForm(useHistoryState<CreateEventState | null>()?.copy);
  const [asking, setAsking] = useState<"start" | "leave" | null>(null);
  const saving = useAction();
  // A draft made by an earlier try: a retry brings it up to date instead of making another.
  const kept = useRef<KeptDraft | null>(null);
  const leave = () => navigate("/bookmakerevents", { replace: true });
  useClosingConfirmation(event.unsaved);

  /** Saves the form as a draft, started or not, then back to the list. */
  function save(andStart: boolean) {
    setAsking(null);
    if (bookmakerId === null) return;
    void saving.run(async () => {
      const keep = (draft: KeptDraft) => (kept.current = draft);
      await (andStart ? saveAndStart : keepDraft)(draftBody(event.form, bookmakerId), kept.current, keep);
      keepCountry(event.form.country);
      leave();
    });
  }

  function askToStart() {
    saving.clearError();
    if (event.submit()) setAsking("start");
  }

  function askToSaveDraft() {
    saving.clearError();
    if (event.submit()) save(false);
    else setAsking(null);
  }

  return (
    <Page backTo="/bookmakerevents" onBack={event.unsaved ? () => setAsking("leave") : undefined} className="bk">
      <h1 className="page-title">{t`New Event`}</h1>
      <div className="bk-form">
        <NewEventFields event={event} asFractional={asFractional} />
        {saving.error && (
          <p className="bk-error bk-form-error" role="alert">
            {saving.error}
          </p>
        )}
        <div className="bk-actions-2">
          <button
            type="button"
            className="button button-secondary"
            onClick={askToSaveDraft}
            disabled={saving.busy || bookmakerId === null}
          >
            {t`Save as draft`}
          </button>
          <button type="button" className="button" onClick={askToStart} disabled={saving.busy || bookmakerId === null}>
            {saving.busy ? t`Starting...` : t`Save and Start`}
          </button>
        </div>
      </div>
      <StartDialog open={asking === "start"} onCancel={() => setAsking(null)} onStart={() => save(true)} />
      <LeaveDialog
        open={asking === "leave"}
        onCancel={() => setAsking(null)}
        onLeave={leave}
        onSaveDraft={askToSaveDraft}
      />
    </Page>
  );
}
