import { t } from "@lingui/core/macro";
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

/** "My Bookie": the bookmakers he joined or asked to join; a tap opens the book's events screen. */
export function MyBookmakers({ mine, failed, onRetry, highlighted, onOpen, onTerms }: MyBookmakersProps) {
  const count = mine?.length ?? 0;
  return (
    <>
      <h2 className="section-title">{t`My Bookie (${count})`}</h2>
      {!mine && !failed && <p className="state-text">{t`Loading...`}</p>}
      {failed && <LoadFailed message={t`Failed to load bookmakers`} onRetry={onRetry} />}
      {mine && mine.length === 0 && <p className="state-text">{t`Find your bookmaker by name and ask to join.`}</p>}
      <section className="list" aria-label={t`My bookmakers`}>
        {mine?.map((b) => (
          <BookmakerCard
            key={b.bookmakerId}
            bookmaker={b}
            highlighted={b.bookmakerId === highlighted}
            onOpen={() => onOpen(b)}
            onTerms={() => onTerms(b)}
          />
        ))}
      </section>
    </>
  );
}
