import { KIND_NAMES } from "../../common/multiples";
import type { Language } from "../../common/languages";
import { decimalText, payoutCents, type Odds } from "../../common/odds";
import { coins, eventName, startsAt } from "../notifications/messages";
import { say, words, type Words } from "../lib/words";
import type { OpenEvent, SharedBet, SharedBook, SharedMultiple, SharedResult } from "./queries";

// The cards a user shares (docs/decisions/telegram.md, "Sharing"): a few plain lines in the
// sharer's language, and one button opening the thing shared in the mini-app. A card shows the
// selection, its price, the stake and what it returns or returned, never a balance. Names,
// descriptions and outcomes are the users' own and never translated.

/** A card before Telegram keeps it: its text and its one button (a start parameter, not yet a link). */
export interface Card {
  text: string;
  button: { text: string; startapp: string };
}

/** Start parameters of the links a card carries: an event, a book. */
export const startParam = {
  event: (eventId: number) => `ev_${eventId}`,
  book: (bookmakerId: number) => `bk_${bookmakerId}`,
};

const openEvent = (language: Language, eventId: number) => ({
  text: say(language, words("Open the event")),
  startapp: startParam.event(eventId),
});

/** A price as the cards write it: decimal, or SP for a bet whose price the result will set. */
const price = (odds: Odds, atSp: boolean) => (atSp ? "SP" : String(decimalText(odds)));

/** What a single returns or returned, with its selection, price and stake. */
function betLine(language: Language, b: SharedBet): Words {
  const bet = { outcome: b.outcome, stake: coins(b.stakeCents, language), odds: price(b.odds, b.atSp) };
  const paid = coins(b.paidCents, language);
  if (b.status === "CASHED_OUT") return words("{outcome}, {stake} at {odds}: cashed out for {paid}", { ...bet, paid });
  if (b.placeFraction !== null) {
    if (b.status === "ACCEPTED") {
      if (b.atSp) return words("{outcome}, {stake} each-way at {odds}: still open", bet);
      const place = { num: b.odds.num, den: b.odds.den * b.placeFraction };
      const returns = coins(payoutCents(b.stakeCents, b.odds) + payoutCents(b.stakeCents, place), language);
      return words("{outcome}, {stake} each-way at {odds}: returns up to {returns}", { ...bet, returns });
    }
    if (b.status === "CANCELLED")
      return words("{outcome}, {stake} each-way at {odds}: refunded {refund}", { ...bet, refund: paid });
    if (b.paidCents > 0) return words("{outcome}, {stake} each-way at {odds}: returned {paid}", { ...bet, paid });
    return words("{outcome}, {stake} each-way at {odds}: lost", bet);
  }
  if (b.status === "ACCEPTED") {
    if (b.atSp) return words("{outcome}, {stake} at {odds}: still open", bet);
    const returns = coins(payoutCents(b.stakeCents, b.odds), language);
    return words("{outcome}, {stake} at {odds}: returns {returns} if it wins", { ...bet, returns });
  }
  if (b.status === "WON") return words("{outcome}, {stake} at {odds}: won, paid {paid}", { ...bet, paid });
  if (b.status === "CANCELLED")
    return words("{outcome}, {stake} at {odds}: refunded {refund}", { ...bet, refund: paid });
  return words("{outcome}, {stake} at {odds}: lost", bet);
}

export const betCard = (language: Language, b: SharedBet): Card => ({
  text: `${eventName(language, b.event)}\n${say(language, betLine(language, b))}`,
  button: openEvent(language, b.event.id),
});

/** A multiple: its kind, stake and what it returns or returned, then a line per leg. Its button opens its first leg's event. */
export function multipleCard(language: Language, m: SharedMultiple): Card {
  const values = { kind: { text: KIND_NAMES[m.kind] }, lines: m.lines, unit: coins(m.unitCents, language) };
  const head = m.lines > 1 ? words("{kind}, {lines} lines × {unit}", values) : words("{kind}, {unit}", values);
  const paid = coins(m.payoutCents, language);
  const summary = {
    ACCEPTED: words("{head}: returns up to {returns}", { head, returns: coins(m.potentialCents, language) }),
    WON: words("{head}: won, paid {paid}", { head, paid }),
    LOST: words("{head}: lost", { head }),
    CANCELLED: words("{head}: every leg void, refunded {refund}", { head, refund: paid }),
    CASHED_OUT: words("{head}: cashed out for {paid}", { head, paid }),
  }[m.status];
  const legs = m.legs.map(
    (leg) =>
      `• ${say(
        language,
        words("{event}: {outcome} at {odds}", {
          event: eventName(language, leg.event),
          outcome: leg.outcome,
          odds: price(leg.odds, leg.atSp),
        }),
      )}`,
  );
  return { text: [say(language, summary), ...legs].join("\n"), button: openEvent(language, m.legs[0].event.id) };
}

/** A settled event: its winners at their prices, or that every stake was refunded. */
export function resultCard(language: Language, r: SharedResult): Card {
  const event = eventName(language, r.event);
  let text: string;
  if (r.status !== "CALCULATED")
    text = say(language, words("{event} was abandoned: every stake was refunded.", { event }));
  else if (r.winners.length === 0)
    text = `${say(language, words("Result of {event}:", { event }))}\n${say(language, words("No winner: every stake was refunded."))}`;
  else
    text = [
      say(language, words("Result of {event}:", { event })),
      ...r.winners.map(
        (w) =>
          `• ${say(language, words("{outcome} won at {odds}", { outcome: w.outcome, odds: price(w.odds, false) }))}`,
      ),
    ].join("\n");
  return { text, button: openEvent(language, r.event.id) };
}

/** An invitation to a book: its button opens the book's card, where a newcomer asks to join. */
export const inviteCard = (language: Language, book: SharedBook): Card => ({
  text: say(
    language,
    words("Join {book} on Bookie: tap below to see its events and ask to join.", { book: book.name }),
  ),
  button: { text: say(language, words("Open {book}", { book: book.name })), startapp: startParam.book(book.id) },
});

/** An open event as inline mode lists it: its name, its start and its first prices. */
export function eventCard(language: Language, e: OpenEvent): Card & { title: string; description: string } {
  const title = eventName(language, e);
  const starts = say(language, words("Starts {start} UTC", { start: startsAt(language, e.startDate) }));
  const prices = e.prices.map((p) => `${p.outcome} ${price(p.odds, false)}`).join(" · ");
  return {
    title,
    description: prices ? `${starts}\n${prices}` : starts,
    text: [title, starts, prices].filter(Boolean).join("\n"),
    button: openEvent(language, e.id),
  };
}
