import { KIND_NAMES, type MultipleKind } from "../../common/multiples";
import type { Language } from "../../common/languages";
import { decimalText, fractionalText, type Odds } from "../../common/odds";
import { titleIn } from "../lib/places";
import { say, words, type Words } from "../lib/words";

// The bot's messages: short and plain, in the recipient's language (his choice, else Telegram's:
// triggers.ts reads it with the recipients), each with a button that opens the mini-app on the
// screen it is about. Built where the thing happened, sent later by the queue consumer. Names,
// descriptions and notes are the users' own and never translated; an event's sport and country
// are said in the reader's language (lib/places.ts).

/** Which switch of GET /me/notifications a message answers to; MEMBERSHIP and PRICE_REQUESTS are always on. */
export type Topic = "JOIN_REQUESTS" | "RESULTS" | "COINS" | "NEW_EVENTS" | "BIG_BETS" | "MEMBERSHIP" | "PRICE_REQUESTS";

export interface Button {
  text: string;
  /** The `startapp` parameter the mini-app opens with (web/src/start/deep-link.ts). */
  startapp: string;
}

/** A button answered in the chat (a price request's Accept and Decline): the webhook gets its press. */
export interface CallbackButton {
  text: string;
  callbackData: string;
}

/** One message on the queue. The recipient's Telegram id is also his private chat's id. */
export interface BotMessage {
  userId: number;
  topic: Topic;
  text: string;
  button: Button;
  /** Buttons in a row instead of `button` alone (a price request's Accept, Counter, Decline). */
  buttons?: (Button | CallbackButton)[];
  /**
   * A price request's message to the book: its id is kept with the request's, to be edited when
   * it is answered or expires; not sent at all once the request is no longer waiting.
   */
  priceRequestId?: number;
  /** A big bet's stake, checked against the bookmaker's `bigBetsOver` when it is sent. */
  stakeCents?: number;
}

/** Every copy of a price request's message to the book, edited to say how it ended (price-requests/messages.ts). */
export interface PriceRequestEdit {
  edit: "PRICE_REQUEST";
  requestId: number;
}

/**
 * Work for the consumer rather than a message: a settlement or a new event becomes one message
 * per punter there, so the request that caused it sends one small item, not thousands.
 */
export type FanOut =
  | { fanOut: "SETTLEMENT"; eventId: number; how: "RESULT" | "ABANDONED" | "NON_RUNNER"; itemId?: number }
  | { fanOut: "NEW_EVENT"; eventId: number }
  | { fanOut: "UNDONE"; eventId: number };

/** What travels on the queue. */
export type QueueMessage = BotMessage | FanOut | PriceRequestEdit;

/** Start parameters: a bookmaker's card (punters), his join requests, one of his events. */
export const startFor = {
  book: (bookmakerId: number) => `bk_${bookmakerId}`,
  requests: () => "requests",
  event: (eventId: number) => `event_${eventId}`,
  /** An event as its punters open it (the shared cards' link, which finds its book for anyone). */
  punterEvent: (eventId: number) => `ev_${eventId}`,
  /** A price request, for the book to answer in the mini-app (Counter). */
  priceRequest: (requestId: number) => `pr_${requestId}`,
};

/** An amount of coins as the recipient writes numbers: "1,234.50", in Russian "1 234,50". */
export const coins = (cents: number, language: Language = "en") =>
  (cents / 100).toLocaleString(language === "en" ? "en-US" : language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** An event as a reader knows it: its title in his language (sport, country), its description as typed. */
export const eventName = (language: Language, e: { title: string; description: string }) =>
  e.description ? `${titleIn(language, e.title)}, ${e.description}` : titleIn(language, e.title);

const openBook = (language: Language, book: { id: number; name: string }): Button => ({
  text: say(language, words("Open {book}", { book: book.name })),
  startapp: startFor.book(book.id),
});

export const joinRequestMessage = (
  language: Language,
  ownerId: number,
  book: { id: number; name: string },
  username: string,
): BotMessage => ({
  userId: ownerId,
  topic: "JOIN_REQUESTS",
  text: say(language, words("@{username} asks to join {book}.", { username, book: book.name })),
  button: { text: say(language, words("Review requests")), startapp: startFor.requests() },
});

export const membershipMessage = (
  language: Language,
  punterId: number,
  book: { id: number; name: string },
  approved: boolean,
): BotMessage => ({
  userId: punterId,
  topic: "MEMBERSHIP",
  text: say(
    language,
    approved
      ? words("{book} approved your join request. You can bet now.", { book: book.name })
      : words("{book} declined your join request.", { book: book.name }),
  ),
  button: openBook(language, book),
});

export function coinsMessage(
  language: Language,
  punterId: number,
  book: { id: number; name: string },
  move: { added: boolean; amountCents: number; balanceCents: number; note: string },
): BotMessage {
  const values = {
    book: book.name,
    amount: coins(move.amountCents, language),
    balance: coins(move.balanceCents, language),
  };
  const lines = [
    say(
      language,
      move.added
        ? words("{book} added {amount} coins. Your balance: {balance} coins.", values)
        : words("{book} withdrew {amount} coins. Your balance: {balance} coins.", values),
    ),
  ];
  if (move.note.trim()) lines.push(say(language, words("Note: {note}", { note: move.note.trim() })));
  return { userId: punterId, topic: "COINS", text: lines.join("\n"), button: openBook(language, book) };
}

export interface EventInfo {
  id: number;
  title: string;
  description: string;
  startDate: string;
  bookmakerId: number;
  bookmakerName: string;
}

/** When an event starts, in UTC: "2026-11-28 14:00" in English, else as the language writes a date and time. */
export function startsAt(language: Language, startDate: string): string {
  if (language === "en") return startDate.slice(0, 16).replace("T", " ");
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(startDate),
  );
}

const bookOf = (event: EventInfo) => ({ id: event.bookmakerId, name: event.bookmakerName });

export const newEventMessage = (language: Language, punterId: number, event: EventInfo): BotMessage => ({
  userId: punterId,
  topic: "NEW_EVENTS",
  text: say(
    language,
    words("{book} has a new event: {event}. It starts {start} UTC.", {
      book: event.bookmakerName,
      event: eventName(language, event),
      start: startsAt(language, event.startDate),
    }),
  ),
  button: { text: say(language, words("See the event")), startapp: startFor.book(event.bookmakerId) },
});

/** An undone settlement: the punter's bets on the event are open again, what it gave him taken back. */
export const undoneMessage = (language: Language, punterId: number, event: EventInfo): BotMessage => ({
  userId: punterId,
  topic: "RESULTS",
  text: say(
    language,
    words(
      "{book} undid the result of {event}: your bets on it are open again, and what the result paid or refunded you was taken back.",
      { book: event.bookmakerName, event: eventName(language, event) },
    ),
  ),
  button: openBook(language, bookOf(event)),
});

export const bigBetMessage = (
  language: Language,
  ownerId: number,
  event: { id: number; title: string; description: string },
  bet: { username: string; stakeCents: number; outcome: string; odds: Odds },
): BotMessage => ({
  userId: ownerId,
  topic: "BIG_BETS",
  text: say(
    language,
    words("Big bet: @{username} staked {stake} on {outcome} at {odds} in {event}.", {
      username: bet.username,
      stake: coins(bet.stakeCents, language),
      outcome: bet.outcome,
      odds: decimalText(bet.odds),
      event: eventName(language, event),
    }),
  ),
  button: { text: say(language, words("Open the event")), startapp: startFor.event(event.id) },
  stakeCents: bet.stakeCents,
});

/**
 * A cash-out over the bookmaker's big-bet threshold (the punter did it himself: nobody else is
 * told). `outcome` null: a multiple's, its button on one of its events.
 */
export const bigCashOutMessage = (
  language: Language,
  ownerId: number,
  event: { id: number; title: string; description: string },
  cashOut: { username: string; valueCents: number; outcome: string | null },
): BotMessage => ({
  userId: ownerId,
  topic: "BIG_BETS",
  text: say(
    language,
    cashOut.outcome !== null
      ? words("Big cash-out: @{username} cashed out {value} on {outcome} in {event}.", {
          username: cashOut.username,
          value: coins(cashOut.valueCents, language),
          outcome: cashOut.outcome,
          event: eventName(language, event),
        })
      : words("Big cash-out: @{username} cashed out a multiple for {value}.", {
          username: cashOut.username,
          value: coins(cashOut.valueCents, language),
        }),
  ),
  button: { text: say(language, words("Open the event")), startapp: startFor.event(event.id) },
  stakeCents: cashOut.valueCents,
});

/** A settled bet as the result message tells it. */
export interface SettledBet {
  outcome: string;
  stakeCents: number;
  odds: Odds;
  status: "ACCEPTED" | "WON" | "LOST" | "CANCELLED";
  payoutCents: number;
  /** An each-way bet's place part (the fields above are its win part), and where its outcome finished. */
  placePart?: { status: SettledBet["status"]; payoutCents: number; place: number | null };
}

/** An each-way bet in one line: what each part returned. */
function eachWayLine(language: Language, b: SettledBet, place: NonNullable<SettledBet["placePart"]>): Words {
  const bet = {
    outcome: b.outcome,
    stake: coins(b.stakeCents, language),
    odds: decimalText(b.odds),
  };
  if (b.status === "CANCELLED")
    return words("{outcome}, {stake} each-way at {odds}: refunded {refund}", {
      ...bet,
      refund: coins(2 * b.stakeCents, language),
    });
  if (b.status === "WON")
    return words("{outcome}, {stake} each-way at {odds}: won, paid {paid}; the place part {placePaid} returned", {
      ...bet,
      paid: coins(b.payoutCents, language),
      placePaid: coins(place.payoutCents, language),
    });
  if (place.status === "WON")
    return words(
      "{outcome}, {stake} each-way at {odds}: placed {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}: {placePaid} returned",
      { ...bet, place: place.place ?? 1, placePaid: coins(place.payoutCents, language) },
    );
  if (b.status === "LOST") return words("{outcome}, {stake} each-way at {odds}: lost", bet);
  return words("{outcome}, {stake} each-way at {odds}: still open", bet);
}

function betLine(language: Language, b: SettledBet): Words {
  if (b.placePart) return eachWayLine(language, b, b.placePart);
  const bet = { outcome: b.outcome, stake: coins(b.stakeCents, language), odds: decimalText(b.odds) };
  if (b.status === "WON")
    return words("{outcome}, {stake} at {odds}: won, paid {paid}", { ...bet, paid: coins(b.payoutCents, language) });
  if (b.status === "LOST") return words("{outcome}, {stake} at {odds}: lost", bet);
  if (b.status === "CANCELLED")
    return words("{outcome}, {stake} at {odds}: refunded {refund}", {
      ...bet,
      refund: coins(b.payoutCents || b.stakeCents, language),
    });
  return words("{outcome}, {stake} at {odds}: still open", bet);
}

/** A multiple the settlement completed, as the result message tells it. */
export interface SettledMultiple {
  kind: MultipleKind;
  lines: number;
  amountCents: number;
  status: "WON" | "LOST" | "CANCELLED";
  payoutCents: number;
}

function multipleLine(language: Language, m: SettledMultiple): Words {
  // The kind's name is a catalogue key of its own (common/multiples.ts), said in the same language.
  const values = { kind: { text: KIND_NAMES[m.kind] }, lines: m.lines, unit: coins(m.amountCents, language) };
  const head = m.lines > 1 ? words("{kind}, {lines} lines × {unit}", values) : words("{kind}, {unit}", values);
  if (m.status === "WON") return words("{head}: won, paid {paid}", { head, paid: coins(m.payoutCents, language) });
  if (m.status === "CANCELLED")
    return words("{head}: every leg void, refunded {refund}", { head, refund: coins(m.payoutCents, language) });
  return words("{head}: lost", { head });
}

/** Telegram takes 4,096 characters; a punter with a hundred bets is told of the first ones. */
const MAX_TEXT = 3_500;

function fitted(language: Language, heading: string, lines: string[]): string {
  let text = heading;
  for (let i = 0; i < lines.length; i++) {
    if (text.length + lines[i].length + 1 > MAX_TEXT) {
      const more = lines.length - i;
      return `${text}\n${say(language, words("…and {more} more; see them in the app.", { more }))}`;
    }
    text += `\n${lines[i]}`;
  }
  return text;
}

/** A placed runner's starting price, as the result message gives it. */
export interface PlacedSp {
  outcome: string;
  sp: Odds;
}

/** "Starting prices: Red Rum 9/2, Shergar 3/1": the placed runners' SPs in finishing order, fractional as racing says them. */
function startingPricesLine(language: Language, placed: PlacedSp[]): string {
  const list = new Intl.ListFormat(language, { type: "unit" }).format(
    placed.map((p) => `${p.outcome} ${fractionalText(p.sp)}`),
  );
  return say(language, words("Starting prices: {list}", { list }));
}

/**
 * One message per punter per event, every bet of his in it (a settlement is never a flood); a
 * result on an event with SP or BOG gives the placed runners' SPs under its heading.
 */
export function resultMessage(
  language: Language,
  punterId: number,
  event: EventInfo,
  how: "RESULT" | "ABANDONED" | "NON_RUNNER",
  bets: SettledBet[],
  multiples: SettledMultiple[] = [],
  placed: PlacedSp[] = [],
): BotMessage {
  const named = { event: eventName(language, event) };
  const heading = {
    RESULT: words("Result of {event}:", named),
    ABANDONED: words("{event} was abandoned; your stakes are refunded:", named),
    NON_RUNNER: words("Non-runner in {event}; your stake on it is refunded:", named),
  }[how];
  const lines = [...bets.map((b) => betLine(language, b)), ...multiples.map((m) => multipleLine(language, m))];
  const sps = how === "RESULT" && placed.length > 0 ? `\n${startingPricesLine(language, placed)}` : "";
  return {
    userId: punterId,
    topic: "RESULTS",
    text: fitted(
      language,
      say(language, heading) + sps,
      lines.map((line) => `• ${say(language, line)}`),
    ),
    button: openBook(language, bookOf(event)),
  };
}
