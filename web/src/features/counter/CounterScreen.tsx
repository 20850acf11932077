import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { useApi } from "@/api/swr";
import { errorText } from "@/api/error-text";
import { POLL_MS } from "@/config";
import { useMe } from "@/features/profile/me";
import { PriceRequestsPanel } from "@/features/price-requests/PriceRequestsPanel";
import "@/styles/bookmaker.css";
import { startTime } from "@/ui/dates";
import { Page } from "@/ui/Page";
import "./counter.css";
import { shownTitle } from "@/i18n/common-words";

// The counter (docs/rules/staff.md "Staff" and "The counter"): the book's races taking bets, each opening the
// screen that takes cash bets on it, and Check ticket. The owner comes from his main page; his
// staff from Home's Bookie button: a clerk has the counter, a manager also the book's events and
// punters (what each role may do is the worker's to decide: bookmakers/access.ts).

export function CounterScreen() {
  const [, navigate] = useLocation();
  const me = useMe().data;
  const events = useApi("GET /events", { query: { view: "open" } }, { refreshInterval: POLL_MS });
  const owner = Boolean(me?.bookmakerDto);
  const manager = me?.staffOf?.role === "MANAGER";
  const open = events.data?.filter((e) => e.status === "READY_FOR_BETS") ?? [];
  return (
    <Page backTo={owner ? "/mainpage" : "/home"} className="bk">
      <h1 className="page-title">{t`Counter`}</h1>
      <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/ticket")}>
        {t`Check ticket`}
      </button>
      {manager && (
        <>
          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/bookmakerevents")}>
            {t`Events`}
          </button>
          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/playermanagement")}>
            {t`Punters`}
          </button>
          {/* A manager answers the book's price requests: his home is here, not the main page. */}
          <PriceRequestsPanel />
        </>
      )}
      <h2 className="bk-label">{t`Taking bets`}</h2>
      {events.error && !events.data && <p className="bk-error">{errorText(events.error)}</p>}
      {events.data && open.length === 0 && <p className="bk-empty">{t`No event is taking bets.`}</p>}
      <ul className="counter-events" aria-label={t`Taking bets`}>
        {open.map((e) => {
          const starts = startTime(e.startDate);
          return (
            <li key={e.id}>
              <button
                type="button"
                className="bk-card bk-tap counter-event"
                onClick={() => navigate(`/counter/${e.id}`)}
              >
                <span className="bk-strong">{e.description || shownTitle(e.title)}</span>
                <span className="bk-muted">{t`Starts ${starts}`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
