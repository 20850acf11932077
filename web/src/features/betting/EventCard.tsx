import { t } from "@lingui/core/macro";
import { termsWords } from "@/i18n/common-words";
import type { PlayerEvent } from "@worker/contract";
import { Countdown } from "@/ui/Countdown";
import { startTime } from "@/ui/dates";
import { playerBadge, StatusBadge } from "@/ui/StatusBadge";
import { shownTitle } from "@/i18n/common-words";

const EXTRA_STARTS = ["startDate2", "startDate3", "startDate4", "startDate5"] as const;

/**
 * An event in the punter's list; the extra start times are earlier starts, struck through. Its
 * name is all it shows, title first: a name of the title alone would hide what the card says.
 */
/** 'SP', 'BOG' or 'SP · BOG' where the event takes SP bets or gives best odds guaranteed; null otherwise. */
export const spAndBog = (event: Pick<PlayerEvent, "sp" | "bog">) =>
  [event.sp && t`SP`, event.bog && t`BOG`].filter(Boolean).join(" · ") || null;

export function EventCard({ event, onOpen }: { event: PlayerEvent; onOpen(): void }) {
  const earlier = EXTRA_STARTS.map((k) => event[k]).filter((d): d is string => Boolean(d));
  const badge = playerBadge(event.status, event.startDate);
  // A settled or abandoned event has nothing left to count down to.
  const over = badge === "COMPLETED" || badge === "ABANDONED";
  // His open bets: the outcomes he has a stake on, until the event is settled.
  const open = over ? 0 : event.items.filter((i) => i.myStake > 0).length;
  return (
    <button type="button" className="card card-tappable event-card" onClick={onOpen}>
      <span className="card-head">
        <span className="card-title">{shownTitle(event.title)}</span>
        <StatusBadge label={badge} />
      </span>
      <span className="event-description">{event.description || t`No description`}</span>
      {event.rule4 && <span className="hint event-rules">{t`Rule 4 applies`}</span>}
      {event.eachWay && <span className="hint event-rules">{termsWords(event.eachWay)}</span>}
      {spAndBog(event) && <span className="hint event-rules">{spAndBog(event)}</span>}
      <span className="event-times">
        {!over && <Countdown to={event.startDate} />}
        <span className="hint">{startTime(event.startDate)}</span>
      </span>
      {open > 0 && <span className="event-your-bets">{t`Your bets: ${open}`}</span>}
      {earlier.length > 0 && (
        <span className="event-earlier hint">
          {earlier.map((d) => (
            <s key={d}>{startTime(d)}</s>
          ))}
        </span>
      )}
    </button>
  );
}
