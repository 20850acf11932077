import { t } from "@lingui/core/macro";
import { useSearch } from "wouter";
import type { Id } from "@worker/contract";
import { useOpenPriceRequests } from "./api";
import { RequestCard } from "./RequestCard";
import "./price-requests.css";

const idOf = (param: string | null) => (param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : undefined);

/**
 * The book's open price requests (of one event when `eventId` is given): those waiting for an
 * answer first, then the offers waiting for the punter; nothing while there are none. On the
 * book's home, the request a bot message named (`?request=<id>`) comes first, or a line says it is
 * no longer open (answered from the message, expired).
 */
export function PriceRequestsPanel({ eventId }: { eventId?: Id }) {
  const first = idOf(new URLSearchParams(useSearch()).get("request"));
  const { pending, offered } = useOpenPriceRequests(eventId);
  const waiting = [...(pending ?? [])].sort((a, b) => Number(b.id === first) - Number(a.id === first));
  const count = waiting.length + (offered?.length ?? 0);
  const gone =
    first !== undefined &&
    pending !== undefined &&
    offered !== undefined &&
    ![...pending, ...offered].some((r) => r.id === first);
  if (count === 0 && !gone) return null;
  return (
    <section className="pr-panel" aria-label={t`Price requests`}>
      <h2 className="pr-title">{t`Price requests`}</h2>
      {gone && <p className="bk-muted">{t`This request has been answered or has expired.`}</p>}
      {waiting.map((r) => (
        <RequestCard key={r.id} request={r} highlight={r.id === first} />
      ))}
      {offered?.map((r) => (
        <RequestCard key={r.id} request={r} highlight={r.id === first} />
      ))}
    </section>
  );
}
