import { KIND_NAMES, type MultipleKind } from "../../common/multiples";
import { ordinal } from "../../common/each-way";
import { decimalText, type Odds } from "../../common/odds";

// The bot's messages: short plain English, each with a button that opens the mini-app on the
// screen it is about. Built where the thing happened, sent later by the queue consumer.

/** Which switch of GET /me/notifications a message answers to; MEMBERSHIP is always on. */
export type Topic = "JOIN_REQUESTS" | "RESULTS" | "COINS" | "NEW_EVENTS" | "BIG_BETS" | "MEMBERSHIP";

export interface Button {
  text: string;
  /** The `startapp` parameter the mini-app opens with (web/src/start/deep-link.ts). */
  startapp: string;
}

/** One message on the queue. The recipient's Telegram id is also his private chat's id. */
export interface BotMessage {
  userId: number;
  topic: Topic;
  text: string;
  button: Button;
  /** A big bet's stake, checked against the bookmaker's `bigBetsOver` when it is sent. */
  stakeCents?: number;
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
export type QueueMessage = BotMessage | FanOut;

/** Start parameters: a bookmaker's card (punters), his join requests, one of his events. */
export const startFor = {
  book: (bookmakerId: number) => `bk_${bookmakerId}`,
  requests: () => "requests",
  event: (eventId: number) => `event_${eventId}`,
};

export const coins = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const eventName = (e: { title: string; description: string }) =>
  e.description ? `${e.title}, ${e.description}` : e.title;

export const joinRequestMessage = (
  ownerId: number,
  book: { id: number; name: string },
  username: string,
): BotMessage => ({
  userId: ownerId,
  topic: "JOIN_REQUESTS",
  text: `@${username} asks to join ${book.name}.`,
  button: { text: "Review requests", startapp: startFor.requests() },
});

export const membershipMessage = (
  punterId: number,
  book: { id: number; name: string },
  approved: boolean,
): BotMessage => ({
  userId: punterId,
  topic: "MEMBERSHIP",
  text: approved
    ? `${book.name} approved your join request. You can bet now.`
    : `${book.name} declined your join request.`,
  button: { text: `Open ${book.name}`, startapp: startFor.book(book.id) },
});

export function coinsMessage(
  punterId: number,
  book: { id: number; name: string },
  move: { added: boolean; amountCents: number; balanceCents: number; note: string },
): BotMessage {
  const verb = move.added ? "added" : "withdrew";
  const lines = [
    `${book.name} ${verb} ${coins(move.amountCents)} coins. Your balance: ${coins(move.balanceCents)} coins.`,
  ];
  if (move.note.trim()) lines.push(`Note: ${move.note.trim()}`);
  return {
    userId: punterId,
    topic: "COINS",
    text: lines.join("\n"),
    button: { text: `Open ${book.name}`, startapp: startFor.book(book.id) },
  };
}

export interface EventInfo {
  id: number;
  title: string;
  description: string;
  startDate: string;
  bookmakerId: number;
  bookmakerName: string;
}

export const newEventMessage = (punterId: number, event: EventInfo): BotMessage => ({
  userId: punterId,
  topic: "NEW_EVENTS",
  text: `${event.bookmakerName} has a new event: ${eventName(event)}. It starts ${event.startDate.slice(0, 16).replace("T", " ")} UTC.`,
  button: { text: "See the event", startapp: startFor.book(event.bookmakerId) },
});

/** An undone settlement: the punter's bets on the event are open again, what it gave him taken back. */
export const undoneMessage = (punterId: number, event: EventInfo): BotMessage => ({
  userId: punterId,
  topic: "RESULTS",
  text: `${event.bookmakerName} undid the result of ${eventName(event)}: your bets on it are open again, and what the result paid or refunded you was taken back.`,
  button: { text: `Open ${event.bookmakerName}`, startapp: startFor.book(event.bookmakerId) },
});

export const bigBetMessage = (
  ownerId: number,
  event: { id: number; title: string; description: string },
  bet: { username: string; stakeCents: number; outcome: string; odds: Odds },
): BotMessage => ({
  userId: ownerId,
  topic: "BIG_BETS",
  text: `Big bet: @${bet.username} staked ${coins(bet.stakeCents)} on ${bet.outcome} at ${decimalText(bet.odds)} in ${eventName(event)}.`,
  button: { text: "Open the event", startapp: startFor.event(event.id) },
  stakeCents: bet.stakeCents,
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
const eachWayLine = (b: SettledBet, place: NonNullable<SettledBet["placePart"]>) => {
  const head = `${b.outcome}, ${coins(b.stakeCents)} each-way at ${decimalText(b.odds)}`;
  if (b.status === "CANCELLED") return `${head}: refunded ${coins(2 * b.stakeCents)}`;
  if (b.status === "WON")
    return `${head}: won, paid ${coins(b.payoutCents)}; the place part ${coins(place.payoutCents)} returned`;
  if (place.status === "WON")
    return `${head}: placed ${ordinal(place.place ?? 1)}: ${coins(place.payoutCents)} returned`;
  if (b.status === "LOST") return `${head}: lost`;
  return `${head}: still open`;
};

const betLine = (b: SettledBet) => {
  if (b.placePart) return eachWayLine(b, b.placePart);
  const head = `${b.outcome}, ${coins(b.stakeCents)} at ${decimalText(b.odds)}`;
  if (b.status === "WON") return `${head}: won, paid ${coins(b.payoutCents)}`;
  if (b.status === "LOST") return `${head}: lost`;
  if (b.status === "CANCELLED") return `${head}: refunded ${coins(b.payoutCents || b.stakeCents)}`;
  return `${head}: still open`;
};

/** A multiple the settlement completed, as the result message tells it. */
export interface SettledMultiple {
  kind: MultipleKind;
  lines: number;
  amountCents: number;
  status: "WON" | "LOST" | "CANCELLED";
  payoutCents: number;
}

const multipleLine = (m: SettledMultiple) => {
  const head = `${KIND_NAMES[m.kind]}, ${m.lines > 1 ? `${m.lines} lines × ` : ""}${coins(m.amountCents)}`;
  if (m.status === "WON") return `${head}: won, paid ${coins(m.payoutCents)}`;
  if (m.status === "CANCELLED") return `${head}: every leg void, refunded ${coins(m.payoutCents)}`;
  return `${head}: lost`;
};

/** Telegram takes 4,096 characters; a punter with a hundred bets is told of the first ones. */
const MAX_TEXT = 3_500;

function fitted(heading: string, lines: string[]): string {
  let text = heading;
  for (let i = 0; i < lines.length; i++) {
    if (text.length + lines[i].length + 1 > MAX_TEXT)
      return `${text}\n…and ${lines.length - i} more; see them in the app.`;
    text += `\n${lines[i]}`;
  }
  return text;
}

/** One message per punter per event, every bet of his in it (a settlement is never a flood). */
export function resultMessage(
  punterId: number,
  event: EventInfo,
  how: "RESULT" | "ABANDONED" | "NON_RUNNER",
  bets: SettledBet[],
  multiples: SettledMultiple[] = [],
): BotMessage {
  const heading = {
    RESULT: `Result of ${eventName(event)}:`,
    ABANDONED: `${eventName(event)} was abandoned; your stakes are refunded:`,
    NON_RUNNER: `Non-runner in ${eventName(event)}; your stake on it is refunded:`,
  }[how];
  return {
    userId: punterId,
    topic: "RESULTS",
    text: fitted(heading, [...bets.map((b) => `• ${betLine(b)}`), ...multiples.map((m) => `• ${multipleLine(m)}`)]),
    button: { text: `Open ${event.bookmakerName}`, startapp: startFor.book(event.bookmakerId) },
  };
}
