import { t } from "@lingui/core/macro";
import type { Id } from "@worker/contract";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { formatAmount } from "@/ui/amount";
import "@/features/figures/figures.css";
import { myOwesText, periodQuery, thisAndLastWeek, type Period } from "@/features/figures/period";

/** The punter's own figures with one bookmaker, this week and last week (on his history screen). */
export function MyFigures({ bookmakerId }: { bookmakerId: Id }) {
  const weeks = thisAndLastWeek();
  return (
    <section className="my-figures" aria-label={t`My figures`}>
      <h2 className="fig-heading">{t`My figures`}</h2>
      <div className="my-figures-weeks">
        <Week label={t`This week`} bookmakerId={bookmakerId} period={weeks.thisWeek} />
        <Week label={t`Last week`} bookmakerId={bookmakerId} period={weeks.lastWeek} />
      </div>
    </section>
  );
}

function Week({ label, bookmakerId, period }: { label: string; bookmakerId: Id; period: Period }) {
  const { data, error } = useApi(
    "GET /figures/:bookmakerId/mine",
    { params: { bookmakerId }, query: periodQuery(period) },
    { refreshInterval: POLL_MS },
  );
  return (
    <ul className="fig-list my-figures-week" aria-label={label}>
      <li className="fig-list-title">{label}</li>
      {data ? (
        <>
          <li>
            <span>{t`Staked`}</span> <span>{formatAmount(data.staked)}</span>
          </li>
          <li>
            <span>{t`Returned`}</span> <span>{formatAmount(data.returned)}</span>
          </li>
          <li>
            <span>{t`Net`}</span>
            <span>
              {formatAmount(Math.abs(data.net))} <span className="fig-who">{myOwesText(data.net)}</span>
              {data.openStakes > 0 && <span className="fig-open">{openBetsText(data.openStakes)}</span>}
            </span>
          </li>
          <li>
            <span>{t`Closing`}</span> <span>{formatAmount(data.closing)}</span>
          </li>
        </>
      ) : (
        <li className="hint">{error ? t`Not available` : t`Loading...`}</li>
      )}
    </ul>
  );
}

/** What his bets not yet settled stake, beside the net. */
function openBetsText(stakes: number) {
  const amount = formatAmount(stakes);
  return t`${amount} in open bets`;
}
