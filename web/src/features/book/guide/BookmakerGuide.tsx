import { t } from "@lingui/core/macro";
import { Sheet } from "@/ui/Sheet";
import { BookSections } from "./BookSections";
import { EventSections } from "./EventSections";

/** The Bookmaker's Guide: how the book works, in a bookmaker's words. */
export function BookmakerGuide({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Sheet open={open} onClose={onClose} title={t`Bookmaker's Guide`}>
      <div className="bk-guide">
        <BookSections />
        <EventSections />
      </div>
    </Sheet>
  );
}
