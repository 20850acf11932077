import { t } from "@lingui/core/macro";
import { LEGS_MAX } from "@common/multiples";
import type { PlayerEvent } from "@worker/contract";
import type { SlipLeg } from "@/store/slip";
import { Odds } from "@/ui/Odds";
import { shownTitle } from "@/i18n/common-words";

interface SlipPicksProps {
  event: PlayerEvent;
  /** The slip's selections. */
  legs: readonly SlipLeg[];
  asFractional: boolean;
  onAdd(leg: SlipLeg): void;
  onRemove(): void;
}

/**
 * Under an event that takes bets: a "+ Slip" per running outcome. The slip holds one outcome
 * per event, so another outcome of the same event takes its place; the one in it taps out.
 */
export function SlipPicks({ event, legs, asFractional, onAdd, onRemove }: SlipPicksProps) {
  const chosen = legs.find((l) => l.eventId === event.eventId)?.eventItemId;
  // A full slip takes no new event, but an outcome of an event in it may still swap.
  const full = legs.length >= LEGS_MAX && chosen === undefined;
  const eventTitle = shownTitle(event.title);
  return (
    <div className="slip-picks" role="group" aria-label={t`Slip: ${eventTitle}`}>
      {event.items
        .filter((item) => item.status === "ACTIVE")
        .map((item) => {
          const inSlip = item.id === chosen;
          return (
            <button
              key={item.id}
              type="button"
              className={inSlip ? "slip-pick slip-pick-on" : "slip-pick"}
              aria-pressed={inSlip}
              disabled={full}
              onClick={() =>
                inSlip
                  ? onRemove()
                  : onAdd({
                      eventId: event.eventId,
                      eventItemId: item.id,
                      eventTitle: event.title,
                      outcomeTitle: item.title,
                      coefficient: item.coefficient,
                    })
              }
            >
              <span className="slip-pick-outcome">{item.title}</span>
              <Odds decimal={item.coefficient} fractional={item.fractalCoefficient} asFractional={asFractional} />
              <span className="slip-pick-mark">{inSlip ? t`✓ Slip` : t`+ Slip`}</span>
            </button>
          );
        })}
    </div>
  );
}
