import { t } from "@lingui/core/macro";
import type { Id } from "@worker/contract";
import { useOpenPriceRequests } from "./api";
import { RequestCard } from "./RequestCard";
import "./price-requests.css";

/**
 * The book's open price requests (of one event when `eventId` is given): those waiting for an
 * answer first, `first` on top, then the offers waiting for the punter. Nothing while there are
 * none, unless `always` (the requests' own screen says so).
 */
export function PriceRequestsPanel({ eventId, first, always = false }: { eventId?: Id; first?: Id; always?: boolean }) {
  const { pending, offered } = useOpenPriceRequests(eventId);
  const waiting = [...(pending ?? [])].sort((a, b) => Number(b.id === first) - Number(a.id === first));
  const count = waiting.length + (offered?.length ?? 0);
  if (count === 0 && !always) return null;
  return (
    <section className="pr-panel" aria-label={t`Price requests`}>
      {!always && <h2 className="pr-title">{t`Price requests`}</h2>}
      {count === 0 && <p className="bk-muted">{pending ? t`No open price requests` : t`Loading...`}</p>}
      {waiting.map((r) => (
        <RequestCard key={r.id} request={r} highlight={r.id === first} />
      ))}
      {offered?.map((r) => (
        <RequestCard key={r.id} request={r} highlight={r.id === first} />
      ))}
    </section>
  );
}
