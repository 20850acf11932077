import { t } from "@lingui/core/macro";
import type { BookmakerEvent } from "@worker/contract";
import { PriceHistory } from "@/features/results/PriceHistory";
import { Collapsible } from "@/ui/Collapsible";

/** What price he gave, and when: each outcome's price since publication, as his punters see it. Folded until asked for; a draft never published has none. */
export function PriceHistories({ event }: { event: BookmakerEvent }) {
  return (
    <Collapsible title={t`Price history`} initiallyOpen={false}>
      {event.items.map((item) => (
        <div key={item.id} className="bk-price-history">
          <span className="bk-muted">{item.title}</span>
          <PriceHistory bookmakerId={event.bookmakerId} eventId={event.id} itemId={item.id} />
        </div>
      ))}
    </Collapsible>
  );
}
