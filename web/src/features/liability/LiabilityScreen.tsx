import { t } from "@lingui/core/macro";
import type { LiabilityBoard } from "@worker/contract";
import { useApi } from "@/api/swr";
import "@/styles/bookmaker.css";
import { ToDraftDialogs } from "@/features/event-editing/ToDraftDialogs";
import { useToDraft } from "@/features/event-editing/useToDraft";
import { POLL_MS } from "@/config";
import { formatAmount } from "@/ui/amount";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import { LiabilityEventCard } from "./LiabilityEventCard";
import "./liability.css";

/** The bookmaker's liability board: what each result of his open events would cost him (docs/decisions/events.md, "Limits"). */
export function LiabilityScreen() {
  const board = useApi("GET /events/liability", {}, { refreshInterval: POLL_MS });
  // A tap opens the event's draft screen as the event list's Draft does, Back returning here.
  const drafting = useToDraft(() => void board.mutate(), { from: "liability" });

  return (
    <Page backTo="/mainpage" className="bk">
      <h1 className="page-title">{t`Liability`}</h1>
      {board.error && !board.data ? (
        <LoadFailed message={t`Failed to load liability`} onRetry={() => board.mutate()} className="bk-empty" />
      ) : !board.data ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : (
        <>
          <WorstCase board={board.data} />
          {board.data.events.length === 0 ? (
            <p className="bk-empty">{t`No open events.`}</p>
          ) : (
            <ul className="bk-list">
              {board.data.events.map((e) => (
                <li key={e.id}>
                  <LiabilityEventCard event={e} busy={drafting.busyWith === e.id} onOpen={() => drafting.toDraft(e)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ToDraftDialogs drafting={drafting} />
    </Page>
  );
}

/** The most the book can pay out: every event's worst result, and every open multiple won in full. */
function WorstCase({ board }: { board: LiabilityBoard }) {
  // Added in cents: coins with two decimals do not add up exactly as floating point.
  const events = board.events.reduce((sum, e) => sum + Math.round(e.worst * 100), 0) / 100;
  const open = board.multiples.open;
  return (
    <section className="bk-card" aria-label={t`Worst case`}>
      <div className="bk-row">
        <span className="bk-strong">{t`Worst case`}</span>
        <span className="bk-strong lb-total">{formatAmount(board.worstCase)}</span>
      </div>
      <div className="bk-row bk-muted">
        <span>{t`Worst results of open events`}</span>
        <span>{formatAmount(events)}</span>
      </div>
      <div className="bk-row bk-muted">
        <span>{t`Open multiples (${open})`}</span>
        <span>{formatAmount(board.multiples.potential)}</span>
      </div>
      <p className="bk-muted lb-note">
        {t`Each bar is what you pay should that outcome win, against its event's worst.`}
      </p>
    </section>
  );
}
