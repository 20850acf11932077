import { useState } from "react";
import { useLocation } from "wouter";
import type { BookmakerEvent } from "../../../../worker/contract";
import { useOwnHolds } from "../../bookmaker/book";
import { call } from "../../api/call";
import { useAction } from "../../api/useAction";
import { isClosed, useEventChanged } from "../../bookmaker/events/data";
import { splitTitle } from "../../bookmaker/events/form";
import { FractionalSwitch } from "../../bookmaker/events/FractionalSwitch";
import { PayoutField } from "../../bookmaker/events/PayoutField";
import { RacingSwitches } from "../../bookmaker/events/RacingSwitches";
import { ReturnSelect } from "../../bookmaker/events/ReturnSelect";
import { Switch } from "../../ui/Switch";
import { useOwnFractional } from "../../bookmaker/events/useOwnFractional";
import { dateError, endAfter, fieldsOf, startAt, timeError } from "../../bookmaker/events/when";
import { WhenFields } from "../../bookmaker/events/WhenFields";
import { useMainButton } from "../../ui/useMainButton";
import { useClosingConfirmation, useHaptic } from "../../telegram/features";
import { deadHeatRule } from "../../events/racing";
import { Dialog } from "../../ui/Dialog";
import { applyRules, finalize, saveDraft, withdrawNonRunners } from "./actions";
import { ManageMembers } from "./ManageMembers";
import { afterCalc, editOf, type DraftEdit } from "./state";

type Ask = "end" | "abandon" | null;

/** `onAbandoned` gets the event as it was before: the screen offers a copy of it. */
export function DraftEditor({ event, onAbandoned }: { event: BookmakerEvent; onAbandoned(before: BookmakerEvent): void }) {
  const [, navigate] = useLocation();
  const eventChanged = useEventChanged();
  const fractional = useOwnFractional();
  const whatIfHeld = useOwnHolds("WHAT_IF");
  const [edit, setEdit] = useState<DraftEdit>(() => editOf(event));
  const [ask, setAsk] = useState<Ask>(null);
  const [checked, setChecked] = useState(false);
  const { sport, country } = splitTitle(event.title);
  const haptic = useHaptic();
  const { busy, error: failure, run, clearError } = useAction({ onError: () => haptic("error") });
  useClosingConfirmation(JSON.stringify(edit) !== JSON.stringify(editOf(event)));

  const errors = {
    date: dateError(edit.date, edit.time),
    time: timeError(edit.time),
    payout: /^\d+$/.test(edit.maxTotalPayout) && Number(edit.maxTotalPayout) > 0 ? null : "Enter a positive number.",
  };
  const active = event.items.filter((i) => i.status === "ACTIVE");
  const winners = active.filter((i) => edit.place[i.id] === 1);

  const leave = (latest: BookmakerEvent) => {
    void eventChanged(latest);
    navigate("/bookmakerevents", { replace: true });
  };

  const calc = () =>
    run(async () => {
      const marked = active.filter((i) => edit.nr[i.id]).map((i) => i.id);
      if (marked.length === 0) return;
      await applyRules(event, edit);
      const latest = await withdrawNonRunners(event.id, marked);
      if (!latest) return;
      if (isClosed(latest)) return leave(latest);
      void eventChanged(latest);
      setEdit((e) => afterCalc(e, latest));
    });

  const endEvent = () =>
    run(async () => {
      setAsk(null);
      await applyRules(event, edit);
      const settled = await finalize(
        event.id,
        winners.map((w) => w.id),
      );
      haptic("success");
      leave(settled);
    });

  const abandon = () =>
    run(async () => {
      setAsk(null);
      const abandoned = await call("POST /events/:id/abandon", { params: { id: event.id } });
      onAbandoned(event);
      void eventChanged(abandoned);
    });

  const save = () => {
    setChecked(true);
    if (errors.date || errors.time || errors.payout) return;
    void run(async () => {
      const start = startAt(edit.date, edit.time)!;
      const original = fieldsOf(event.startDate);
      const moved = original.date !== edit.date || original.time !== edit.time;
      const saved = await saveDraft(event, {
        dates: moved ? { startDate: start.toISOString(), endDate: endAfter(start).toISOString() } : null,
        odds: edit.botEqualizer ? [] : active.map((i) => ({ id: i.id, odds: edit.odds[i.id] })),
        returnPrice: edit.returnPct / 100,
        maxTotalPayout: Number(edit.maxTotalPayout),
        botEqualizer: edit.botEqualizer,
        rule4: edit.rule4,
        deadHeat: edit.deadHeat,
      });
      leave(saved);
    });
  };
  useMainButton("Save", save, !busy);

  return (
    <div className="bk-form">
      <div className="bk-readonly">
        <ReadOnly label="Sport" value={sport} />
        <ReadOnly label="Country" value={country} />
      </div>
      <ReadOnly label="Description" value={event.description || "No description"} />
      <WhenFields
        date={edit.date}
        time={edit.time}
        onDate={(date) => setEdit({ ...edit, date })}
        onTime={(time) => setEdit({ ...edit, time })}
        dateError={checked ? errors.date : null}
        timeError={checked ? errors.time : null}
      />
      <div className="bk-pair">
        <PayoutField value={edit.maxTotalPayout} onChange={(maxTotalPayout) => setEdit({ ...edit, maxTotalPayout })} error={checked ? errors.payout : null} />
        <ReturnSelect value={edit.returnPct} onChange={(returnPct) => setEdit({ ...edit, returnPct })} />
      </div>
      <Switch label="Equalizer Bot" checked={edit.botEqualizer} onChange={(botEqualizer) => setEdit({ ...edit, botEqualizer })} />
      <RacingSwitches rules={edit} onChange={(rules) => setEdit({ ...edit, ...rules })} />
      <FractionalSwitch fractional={fractional} />
      <ManageMembers event={event} edit={edit} onEdit={setEdit} asFractional={fractional.on} whatIfHeld={whatIfHeld} />

      <p className="bk-muted bk-rule-note">{deadHeatRule(edit.deadHeat)}</p>
      <div className="bk-actions-3">
        <button type="button" className="button button-secondary" onClick={() => void calc()} disabled={busy}>
          Calc
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsk("end")} disabled={busy}>
          End Event
        </button>
        <button type="button" className="button" onClick={save} disabled={busy}>
          Save
        </button>
      </div>
      <button type="button" className="bk-link-button bk-danger-link" onClick={() => setAsk("abandon")} disabled={busy}>
        Abandon and copy of event
      </button>

      <Dialog
        open={ask === "end"}
        onClose={() => setAsk(null)}
        title="End the event?"
        buttons={[
          { label: "Cancel", onClick: () => setAsk(null) },
          { label: "End Event", onClick: () => void endEvent(), primary: true },
        ]}
      >
        {winners.length
          ? `Winner: ${winners.map((w) => w.title).join(", ")}. Bets are settled now.${winners.length > 1 ? ` ${edit.deadHeat ? `Dead heat: each is paid on 1/${winners.length} of the stake.` : "Every winner is paid in full."}` : ""}`
          : "No outcome is at place 1: there is no winner and every bet is refunded."}
      </Dialog>
      <Dialog
        open={ask === "abandon"}
        onClose={() => setAsk(null)}
        title="Abandon the event?"
        buttons={[
          { label: "Cancel", onClick: () => setAsk(null) },
          { label: "Abandon", onClick: () => void abandon(), primary: true },
        ]}
      >
        The event ends with no result and every bet is refunded.
      </Dialog>
      <Dialog open={failure !== null} onClose={clearError}>
        {failure}
      </Dialog>
    </div>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="bk-field">
      <span className="bk-label">{label}</span>
      <span className="bk-readonly-value">{value}</span>
    </div>
  );
}
