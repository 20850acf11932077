import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { BookmakerEvent } from "@worker/contract";
import { useOwnHolds } from "@/features/profile/book";
import { FractionalSwitch } from "../FractionalSwitch";
import { useOwnFractional } from "../useOwnFractional";
import { deadHeatRule } from "@/features/results/racing";
import { useClosingConfirmation } from "@/telegram/features";
import { Dialog } from "@/ui/Dialog";
import { useMainButton } from "@/ui/useMainButton";
import { DraftFields } from "./DraftFields";
import { AbandonDialog, EndEventDialog } from "./EndDialogs";
import { DraftOutcomes } from "./DraftOutcomes";
import { PriceHistories } from "./PriceHistories";
import { placingsProblem } from "./placings";
import { editOf, editProblems, placingsOf, type DraftEdit } from "./state";
import { useDraftActions } from "./useDraftActions";

/** `onAbandoned` gets the event as it was before: the screen offers a copy of it. */
export function DraftEditor({
  event,
  atResult = false,
  onAbandoned,
}: {
  event: BookmakerEvent;
  /** Opened by Result: the member list in view, its first PLACE focused. */
  atResult?: boolean;
  onAbandoned(before: BookmakerEvent): void;
}) {
  const fractional = useOwnFractional();
  const whatIfHeld = useOwnHolds("WHAT_IF");
  const [edit, setEdit] = useState<DraftEdit>(() => editOf(event));
  const [asking, setAsking] = useState<"end" | "abandon" | null>(null);
  const [triedToSave, setTriedToSave] = useState(false);
  const [placingsWrong, setPlacingsWrong] = useState<string | null>(null);
  const actions = useDraftActions(event, edit, setEdit, onAbandoned);
  useClosingConfirmation(JSON.stringify(edit) !== JSON.stringify(editOf(event)));

  const problems = editProblems(edit);
  const save = () => {
    setTriedToSave(true);
    if (!problems.date && !problems.time && !problems.payout) void actions.save();
  };
  useMainButton(t`Save`, save, !actions.busy);
  // Placings out of order are said before End Event is asked for, and nothing is sent.
  const askToEnd = () => {
    const problem = placingsProblem(placingsOf(event, edit));
    if (problem) setPlacingsWrong(problem);
    else setAsking("end");
  };
  const confirmed = (action: () => Promise<unknown>) => () => {
    setAsking(null);
    void action();
  };

  return (
    <div className="bk-form">
      <DraftFields event={event} edit={edit} onEdit={setEdit} problems={triedToSave ? problems : null} />
      <FractionalSwitch fractional={fractional} />
      <DraftOutcomes
        event={event}
        edit={edit}
        onEdit={setEdit}
        asFractional={fractional.on}
        whatIfHeld={whatIfHeld}
        atResult={atResult}
      />

      <PriceHistories event={event} />

      <p className="bk-muted bk-rule-note">{deadHeatRule(edit.deadHeat)}</p>
      <div className="bk-actions-3">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void actions.calc()}
          disabled={actions.busy}
        >
          {t`Calc`}
        </button>
        <button type="button" className="button button-secondary" onClick={askToEnd} disabled={actions.busy}>
          {t`End Event`}
        </button>
        <button type="button" className="button" onClick={save} disabled={actions.busy}>
          {t`Save`}
        </button>
      </div>
      <button
        type="button"
        className="bk-link-button bk-danger-link"
        onClick={() => setAsking("abandon")}
        disabled={actions.busy}
      >
        {t`Abandon and copy of event`}
      </button>

      <EndEventDialog
        open={asking === "end"}
        onCancel={() => setAsking(null)}
        onConfirm={confirmed(actions.endEvent)}
        placings={placingsOf(event, edit)}
        items={event.items}
        deadHeat={edit.deadHeat}
      />
      <AbandonDialog
        open={asking === "abandon"}
        onCancel={() => setAsking(null)}
        onConfirm={confirmed(actions.abandon)}
      />
      <Dialog open={placingsWrong !== null} onClose={() => setPlacingsWrong(null)}>
        {placingsWrong}
      </Dialog>
      <Dialog open={actions.failure !== null} onClose={actions.clearFailure}>
        {actions.failure}
      </Dialog>
    </div>
  );
}
