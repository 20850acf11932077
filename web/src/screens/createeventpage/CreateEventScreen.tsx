import { useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { DESCRIPTION_MAX } from "../../../../common/event-form";
import { useOwnBook } from "../../bookmaker/book";
import "../../bookmaker/bookmaker.css";
import { useAction } from "../../api/useAction";
import { useRefreshEvents } from "../../bookmaker/events/data";
import {
  draftBody,
  emptyForm,
  formFromEvent,
  hasErrors,
  rulesOf,
  validateForm,
  type EventForm,
} from "../../bookmaker/events/form";
import { useCountries, useSports } from "../../bookmaker/events/reference";
import { PayoutField } from "../../bookmaker/events/PayoutField";
import { RacingSwitches } from "../../bookmaker/events/RacingSwitches";
import { ReturnSelect } from "../../bookmaker/events/ReturnSelect";
import { keepDraft, saveAndStart, type KeptDraft } from "../../bookmaker/events/start";
import { Switch } from "../../ui/Switch";
import { useOwnFractional } from "../../bookmaker/events/useOwnFractional";
import { WhenFields } from "../../bookmaker/events/WhenFields";
import { Dialog } from "../../ui/Dialog";
import { useClosingConfirmation } from "../../telegram/features";
import { Page } from "../../ui/Page";
import { MemberList } from "./MemberList";
import type { CreateEventState } from "./state";

type Field = "description" | "date" | "time" | "maxTotalPayout";
const FIELDS: readonly string[] = ["description", "date", "time", "maxTotalPayout"] satisfies Field[];

export function CreateEventScreen() {
  const copy = useHistoryState<CreateEventState | null>()?.copy;
  const [, navigate] = useLocation();
  const { book } = useOwnBook();
  // His fractional flag counts only while he holds FRACTAL_ODDS.
  const asFractional = useOwnFractional().on;
  const refreshEvents = useRefreshEvents();
  const [initial] = useState<EventForm>(() => (copy ? formFromEvent(copy) : emptyForm()));
  const [form, setForm] = useState<EventForm>(initial);
  const [leaving, setLeaving] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const saving = useAction();
  const kept = useRef<KeptDraft | null>(null);

  const errors = validateForm(form);
  const shown = (field: Field) => (submitted || touched[field] ? (errors[field] ?? null) : null);
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (FIELDS.includes(key)) setTouched((t) => ({ ...t, [key]: true }));
  };

  function askToStart() {
    setSubmitted(true);
    saving.clearError();
    if (!hasErrors(errors)) setConfirming(true);
  }

  // A filled form is not thrown away without a word: Back asks first.
  const unsaved = JSON.stringify(form) !== JSON.stringify(initial);
  const leave = () => navigate("/bookmakerevents", { replace: true });
  useClosingConfirmation(unsaved);

  /** Saves the form as a draft (kept up to date on a retry), started or not, then back to the list. */
  async function save(andStart: boolean) {
    setConfirming(false);
    setLeaving(false);
    if (!book) return;
    await saving.run(async () => {
      await (andStart ? saveAndStart : keepDraft)(
        draftBody(form, book.bookmakerId),
        kept.current,
        (draft) => (kept.current = draft),
      );
      void refreshEvents();
      leave();
    });
  }

  function askToSaveDraft() {
    setSubmitted(true);
    saving.clearError();
    if (hasErrors(errors)) setLeaving(false);
    else void save(false);
  }

  return (
    <Page backTo="/bookmakerevents" onBack={unsaved ? () => setLeaving(true) : undefined} className="bk">
      <h1 className="page-title">New Event</h1>
      <div className="bk-form">
        <div className="bk-pair">
          <SportSelect value={form.sport} onChange={(v) => set("sport", v)} />
          <CountrySelect value={form.country} onChange={(v) => set("country", v)} />
        </div>
        <DescriptionField
          value={form.description}
          onChange={(v) => set("description", v)}
          error={shown("description")}
        />
        <WhenFields
          date={form.date}
          time={form.time}
          onDate={(v) => set("date", v)}
          onTime={(v) => set("time", v)}
          dateError={shown("date")}
          timeError={shown("time")}
        />
        <div className="bk-pair">
          <PayoutField
            value={form.maxTotalPayout}
            onChange={(v) => set("maxTotalPayout", v)}
            error={shown("maxTotalPayout")}
          />
          <ReturnSelect value={form.returnPct} onChange={(v) => set("returnPct", v)} />
        </div>
        <Switch label="Equalizer Bot" checked={form.botEqualizer} onChange={(v) => set("botEqualizer", v)} />
        <RacingSwitches rules={rulesOf(form)} onChange={(rules) => setForm((f) => ({ ...f, ...rules }))} />
        <MemberList
          rows={form.outcomes}
          onChange={(rows) => set("outcomes", rows)}
          asFractional={asFractional}
          rowErrors={errors.rows}
          listError={submitted ? errors.outcomes : undefined}
        />
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
            disabled={saving.busy || !book}
          >
            Save as draft
          </button>
          <button type="button" className="button" onClick={askToStart} disabled={saving.busy || !book}>
            {saving.busy ? "Starting..." : "Save and Start"}
          </button>
        </div>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Are you sure you want to start the event?"
        buttons={[
          { label: "Cancel", onClick: () => setConfirming(false) },
          { label: "Start", onClick: () => void save(true), primary: true },
        ]}
      />
      <Dialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title="Leave without saving?"
        buttons={[
          { label: "Leave", onClick: leave },
          { label: "Save as draft", onClick: askToSaveDraft, primary: true },
        ]}
      >
        The new event is not saved yet. Save it as a draft to finish it later, or leave and lose it.
      </Dialog>
    </Page>
  );
}

/** A dropdown of names from the API, keeping the current value even before the list arrives. */
function NameSelect({
  label,
  value,
  names,
  onChange,
}: {
  label: string;
  value: string;
  names: string[];
  onChange(v: string): void;
}) {
  const id = useId();
  const options = names.includes(value) ? names : [value, ...names];
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="bk-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

function SportSelect(props: { value: string; onChange(v: string): void }) {
  const sports = useSports();
  return <NameSelect label="Sport" names={(sports.data ?? []).map((s) => s.eventTypeName)} {...props} />;
}

function CountrySelect(props: { value: string; onChange(v: string): void }) {
  const countries = useCountries();
  return <NameSelect label="Country" names={(countries.data ?? []).map((c) => c.countryName)} {...props} />;
}

function DescriptionField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(v: string): void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        Description
      </label>
      <textarea
        id={id}
        className="bk-input bk-textarea"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        placeholder="Race 3, 2 miles, Ascot"
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="bk-field-foot">
        {error ? (
          <p className="bk-error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span className="bk-count">
          {value.length}/{DESCRIPTION_MAX}
        </span>
      </div>
    </div>
  );
}
