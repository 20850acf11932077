import { t } from "@lingui/core/macro";
import type { Id } from "@worker/contract";
import { errorText } from "@/api/error-text";
import { useApi } from "@/api/swr";
import { PriceChart } from "@/ui/PriceChart";

/** One outcome's price since publication (GET /player/events/{bookmakerId}/{eventId}/prices), for punters and the bookmaker alike. */
export function PriceHistory({ bookmakerId, eventId, itemId }: { bookmakerId: Id; eventId: Id; itemId: Id }) {
  const prices = useApi("GET /player/events/:bookmakerId/:eventId/prices", { params: { bookmakerId, eventId } });
  if (prices.error && !prices.data)
    return <p className="hint error-text">{errorText(prices.error, t`Failed to load prices`)}</p>;
  if (!prices.data) return <p className="hint">{t`Loading...`}</p>;
  return <PriceChart points={prices.data.filter((p) => p.itemId === itemId)} />;
}
