import { useLocation } from "wouter";
import type { BookmakerEvent } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { isSettled, useEventWrites } from "../api";
import { endAfter, fieldsOf, startAt } from "../when";
import { useHaptic } from "@/telegram/features";
import { activeOutcomes, afterCalc, eachWayChanged, placingsOf, startingPriceNow, type DraftEdit } from "./state";

/**
 * The draft screen's four server actions (Calc, End Event, Abandon, Save), one at a time; a
 * failure buzzes and is kept in `failure` for the popup. Once the event is settled, closed or
 * saved, the bookmaker goes back to his list.
 */
export function useDraftActions(
  event: BookmakerEvent,
  edit: DraftEdit,
  setEdit: (change: (e: DraftEdit) => DraftEdit) => void,
  onAbandoned: (before: BookmakerEvent) => void,
) {
  const [, navigate] = useLocation();
  const writes = useEventWrites();
  const haptic = useHaptic();
  const { busy, error, run, clearError } = useAction({ onError: () => haptic("error") });
  const rules = { ...edit, eachWay: eachWayChanged(event, edit) ? edit.eachWay : undefined };

  const leave = () => navigate("/bookmakerevents", { replace: true });

  /** Withdraws the outcomes marked NR; the server sets the others' odds again. */
  const calc = () =>
    run(async () => {
      const marked = activeOutcomes(event)
        .filter((i) => edit.nr[i.id])
        .map((i) => i.id);
      if (marked.length === 0) return;
      const latest = await writes.withdrawNonRunners(event, marked, rules);
      if (!latest) return;
      if (isSettled(latest)) return leave();
      setEdit((e) => afterCalc(e, latest));
    });

  const endEvent = () =>
    run(async () => {
      // On an event with SP or BOG, every runner's SP as the screen shows it.
      const sps =
        event.sp || event.bog
          ? activeOutcomes(event).map((i) => ({ itemId: i.id, odds: edit.startingPrices[i.id] ?? startingPriceNow(i) }))
          : [];
      await writes.finalize(event, placingsOf(event, edit), rules, sps);
      haptic("success");
      leave();
    });

  const abandon = () =>
    run(async () => {
      await writes.abandon(event.id);
      onAbandoned(event);
    });

  /** Saves a valid edit and puts the event live again. */
  const save = () =>
    run(async () => {
      const start = startAt(edit.date, edit.time)!;
      const original = fieldsOf(event.startDate);
      const moved = original.date !== edit.date || original.time !== edit.time;
      await writes.save(event, {
        dates: moved ? { startDate: start.toISOString(), endDate: endAfter(start).toISOString() } : null,
        odds: edit.botEqualizer ? [] : activeOutcomes(event).map((i) => ({ id: i.id, odds: edit.odds[i.id] })),
        returnPrice: edit.returnPct / 100,
        maxTotalPayout: Number(edit.maxTotalPayout),
        botEqualizer: edit.botEqualizer,
        rule4: edit.rule4,
        deadHeat: edit.deadHeat,
        sp: edit.sp,
        bog: edit.bog,
        eachWay: rules.eachWay,
      });
      leave();
    });

  return { busy, failure: error, clearFailure: clearError, calc, endEvent, abandon, save };
}
