import type { BookmakerEvent } from "@worker/contract";
import { ResultDialog } from "@/features/results/ResultDialog";
import { useOwnHolds } from "@/features/profile/book";
import { useOwnFractional } from "./useOwnFractional";
import { shownTitle } from "@/i18n/common-words";

/** One of the bookmaker's events as its result dialog shows it: his odds format and his WHAT_IF. */
export function OwnEventResult({ event, onClose }: { event: BookmakerEvent; onClose(): void }) {
  const fractional = useOwnFractional();
  const whatIfHeld = useOwnHolds("WHAT_IF");
  return (
    <ResultDialog
      open
      onClose={onClose}
      title={shownTitle(event.title)}
      description={event.description}
      status={event.status}
      outcomes={event.items}
      asFractional={fractional.on}
      whatIfHeld={whatIfHeld}
      rules={event}
      ownBook
      eventId={event.id}
    />
  );
}
