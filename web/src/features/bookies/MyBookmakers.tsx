import type { Bookmaker, Id } from "@worker/contract";
import { LoadFailed } from "@/ui/LoadFailed";
import { BookmakerCard } from "./BookmakerCard";

interface MyBookmakersProps {
  /** His bookmakers; undefined while the lists load. */
  mine: Bookmaker[] | undefined;
  failed: boolean;
  onRetry(): Promise<unknown>;
  highlighted: Id | undefined;
  onOpen(b: Bookmaker): void;
  onTerms(b: Bookmaker): void;
}

/** "My Bookie": the bookmakers he joined or asked to join; an approved one opens his events. */
export function MyBookmakers({ mine, failed, onRetry, highlighted, onOpen, onTerms }: MyBookmakersProps) {
  return (
    <>
      <h2 className="section-title">My Bookie ({mine?.length ?? 0})</h2>
      {!mine && !failed && <p className="state-text">Loading...</p>}
      {failed && <LoadFailed message="Failed to load bookmakers" onRetry={onRetry} />}
      {mine && mine.length === 0 && <p className="state-text">Find your bookmaker by name and ask to join.</p>}
      <section className="list" aria-label="My bookmakers">
        {mine?.map((b) => (
          <BookmakerCard
            key={b.bookmakerId}
            bookmaker={b}
            highlighted={b.bookmakerId === highlighted}
            onOpen={b.joinRequestStatus === "APPROVED" ? () => onOpen(b) : undefined}
            onTerms={() => onTerms(b)}
          />
        ))}
      </section>
    </>
  );
}
