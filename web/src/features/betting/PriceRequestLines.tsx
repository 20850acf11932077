import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import type { PlayerEvent, PriceRequest } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useHaptic } from "@/telegram/features";
import { formatAmount } from "@/ui/amount";
import { Countdown } from "@/ui/Countdown";
import { oddsText } from "@/ui/Odds";
import { latestRequests, offerStands, usePriceRequestActions } from "./price-requests";

/**
 * The punter's price requests on one event as they stand: waiting for the bookmaker; offered
 * (the offer's stake and price, the 60 s it stands, Take); declined; expired.
 */
export function PriceRequestLines({
  event,
  requests,
}: {
  event: PlayerEvent;
  requests: readonly PriceRequest[] | undefined;
}) {
  const shown = latestRequests(requests, event.eventId);
  if (shown.length === 0) return null;
  return (
    <ul className="price-requests" aria-label={t`Your price requests`}>
      {shown.map((r) => (
        <PriceRequestLine key={r.id} event={event} request={r} />
      ))}
    </ul>
  );
}

/** "100 E/W at 5.5": a stake (each part's for each-way) and its price. */
export function stakeAtPrice(amount: number, coefficient: number, eachWay: boolean) {
  const stake = formatAmount(amount);
  const odds = oddsText(coefficient, null, false);
  return eachWay ? t`${stake} E/W at ${odds}` : t`${stake} at ${odds}`;
}

function PriceRequestLine({ event, request }: { event: PlayerEvent; request: PriceRequest }) {
  const outcome = event.items.find((i) => i.id === request.eventItemId)?.title ?? "";
  const asked = stakeAtPrice(request.amount, request.coefficient, request.eachWay);
  const { take, refresh } = usePriceRequestActions(event.bookmakerId);
  const { busy, error, run } = useAction({ onError: refresh });
  const [taken, setTaken] = useState(false);
  const haptic = useHaptic();
  const standing = useStanding(request);

  if (request.status === "OFFERED" && request.offer) {
    const offered = stakeAtPrice(request.offer.amount, request.offer.coefficient, request.eachWay);
    const takeIt = () =>
      void run(async () => {
        await take(request.id);
        setTaken(true);
        haptic("success");
      });
    return (
      <li className="price-request price-request-offered">
        <span>{t`The bookmaker offers ${offered} on ${outcome}`}</span>
        {taken ? (
          <span className="price-request-state">{t`Your bet is successful`}</span>
        ) : (
          <span className="price-request-take">
            {standing ? (
              <Countdown to={request.offer.expiresAt} />
            ) : (
              <span className="hint">{t`The offer expired`}</span>
            )}
            <button type="button" className="button" disabled={busy || !standing} onClick={takeIt}>
              {t`Take`}
            </button>
          </span>
        )}
        {error && (
          <span className="error-text" role="alert">
            {error}
          </span>
        )}
      </li>
    );
  }
  const state =
    request.status === "PENDING"
      ? t`Waiting for the bookmaker...`
      : request.status === "DECLINED"
        ? t`Declined`
        : request.status === "OFFERED"
          ? t`The offer expired`
          : t`Expired`;
  return (
    <li className={`price-request price-request-${request.status.toLowerCase()}`}>
      <span>{t`You asked for ${asked} on ${outcome}`}</span>
      <span className="price-request-state">{state}</span>
    </li>
  );
}

/** Whether an offer still stands, turning false the moment it lapses (no poll needed for that). */
function useStanding(request: PriceRequest) {
  const [, tick] = useState(0);
  const standing = offerStands(request);
  const expiresAt = request.offer?.expiresAt;
  useEffect(() => {
    if (!standing || !expiresAt) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, Date.parse(expiresAt) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [standing, expiresAt]);
  return standing;
}
