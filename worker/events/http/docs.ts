import { OfferedPrices } from "../../audit/answers";
import { doc, type RouteDoc } from "../../lib/route-doc";
import {
  BookmakerEvent,
  BookmakerEvents,
  Countries,
  CreatedDraft,
  EventBook,
  EventTypes,
  LiabilityBoard,
  PlayerEvents,
  PublishedEvent,
  SettlementSize,
} from "../answers";

// Every change goes through the event's room and answers the event as its bookmaker now sees
// it; the room may refuse UNAVAILABLE (nothing written, try again) when its write failed.

const change = (route: Omit<RouteDoc, "tag" | "answer">) =>
  doc({ tag: "Events", answer: BookmakerEvent, ...route, errors: [...(route.errors ?? []), "UNAVAILABLE"] });

export const sports = doc({
  tag: "Events",
  summary: "Sports",
  description: "The sports an event's title may name (`Sport / Country`).",
  answer: EventTypes,
});

export const countries = doc({
  tag: "Events",
  summary: "Countries",
  description: "The countries an event's title may name (`Sport / Country`).",
  answer: Countries,
});

export const createDraft = doc({
  tag: "Events",
  summary: "Create a draft",
  description:
    "A new event of the caller's book, as a draft (CREATED) that takes no bets yet: its title, description, dates (the start in the future), outcomes with their odds on the ladder, max payout and rules. Needs an active BOOKMAKER subscription and coins in the pool.",
  answer: CreatedDraft,
  errors: ["NOT_FOUND", "FORBIDDEN", "SUBSCRIPTION_REQUIRED", "INSUFFICIENT_COINS", "CONFLICT", "UNAVAILABLE"],
});

export const replaceOutcomes = change({
  summary: "Replace a draft's outcomes",
  description:
    "Replaces the outcomes of a draft (and its racing rules), as the event form keeps its draft in sync; an outcome with bets or withdrawn cannot be removed.",
  errors: ["NOT_FOUND", "FORBIDDEN", "EVENT_NOT_OPEN", "CONFLICT"],
});

export const list = doc({
  tag: "Events",
  summary: "The book's events",
  description:
    "The caller's events as their bookmaker sees them. `view`: `open` (CREATED, READY_FOR_BETS, WAITING_FOR_RESULT, SUSPENDED), `history` (settled or abandoned in the last 30 days) or `all` (both, the default).",
  answer: BookmakerEvents,
  errors: ["NOT_FOUND"],
});

export const liability = doc({
  tag: "Events",
  summary: "Liability board",
  description:
    "The caller's open events (READY_FOR_BETS, WAITING_FOR_RESULT, and drafts put back with bets on them), next to start first: per outcome the stakes taken, the bets (an each-way bet once) and what the book pays should it win (Rule 4 deductions known so far taken off, each-way place parts of the other paying places at their worst); each event's worst result; and the book's worst case, every event's worst result plus every open multiple paid in full. Read from the stored totals, never waking an event.",
  answer: LiabilityBoard,
  errors: ["NOT_FOUND"],
});

export const publish = doc({
  tag: "Events",
  summary: "Publish a draft",
  description:
    "Opens a draft for bets (READY_FOR_BETS); it needs at least 2 outcomes and a start in the future, and the book an active BOOKMAKER subscription and coins in the pool. The book's punters hear of it the first time.",
  answer: PublishedEvent,
  errors: ["NOT_FOUND", "FORBIDDEN", "SUBSCRIPTION_REQUIRED", "INSUFFICIENT_COINS", "CONFLICT", "UNAVAILABLE"],
});

export const one = doc({
  tag: "Events",
  summary: "One of the book's events",
  description: "An event of the caller's book as its bookmaker sees it.",
  answer: BookmakerEvent,
  errors: ["NOT_FOUND"],
});

export const book = doc({
  tag: "Events",
  summary: "An event's book",
  description:
    "The book a published event is in, for any signed-in user: a shared card's link (`startapp=ev_<eventId>`) opens the event for the book's own and its join screen for anyone else. An event never published is NOT_FOUND, as an unknown one.",
  answer: EventBook,
  errors: ["NOT_FOUND"],
});

export const suspend = change({
  summary: "Back to draft",
  description:
    "Takes a live event (READY_FOR_BETS or WAITING_FOR_RESULT) back to draft (CREATED) for editing: no bets meanwhile.",
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
});

export const reopen = change({
  summary: "Reopen for bets",
  description:
    "Opens a draft for bets again (READY_FOR_BETS), as publishing does; the body is ignored. Needs an active BOOKMAKER subscription and coins in the pool.",
  errors: ["NOT_FOUND", "FORBIDDEN", "SUBSCRIPTION_REQUIRED", "INSUFFICIENT_COINS", "CONFLICT"],
});

export const abandon = change({
  summary: "Abandon",
  description: "Ends the event with no result (CANCELLED): every bet refunded. Undoable for 24 hours.",
  errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_SETTLED", "INSUFFICIENT_COINS"],
});

export const nonRunner = change({
  summary: "Withdraw an outcome (non-runner)",
  description:
    "Withdraws an outcome (NR): its bets refunded, the other outcomes' odds recomputed and, under Rule 4, a deduction on their winnings. With fewer than 2 outcomes left the event is abandoned. An optional body of racing rules (`rule4`, `deadHeat`, `eachWay`, as /coefficients takes them) sets them in the withdrawal's own batch, and the withdrawal applies them; refused (CONFLICT) once a bet was struck under the rules they change.",
  errors: ["VALIDATION", "NOT_FOUND", "FORBIDDEN", "ALREADY_SETTLED", "CONFLICT", "INSUFFICIENT_COINS"],
});

export const finalize = change({
  summary: "Settle with the result",
  description:
    "Settles the event (CALCULATED) with its `placings` (place 1 wins; tied outcomes share a place, and the next place follows the tie: 1, 1, 3) or, as before placings, its `winners` (each at place 1): win bets and parts on the winners are paid stake × their odds (shared under dead heat), each-way place parts on outcomes within the paying places at 1 + (odds − 1) / fraction (the terms in force now, by the runners, for standard terms; a tie past the last paying place shares what is left), an each-way pair rounded down once; the others lost. No winners or placings refunds every bet. Undoable for 24 hours. `rule4`, `deadHeat` and `eachWay`, when sent, are set in the same batch before the result applies them (End Event in one call); a change of them once a bet is struck is refused (409 CONFLICT naming the field) and nothing is settled.",
  errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_SETTLED", "INSUFFICIENT_COINS", "CONFLICT", "SP_UNAVAILABLE"],
});

export const undo = change({
  summary: "Undo the result",
  description:
    "Within 24 hours of settling or abandoning: every coin of the settlement moves back, the bets are ACCEPTED again and the event waits for its result (WAITING_FOR_RESULT). Refused, naming them, when punters no longer hold what it takes back.",
  errors: ["NOT_FOUND", "FORBIDDEN", "CANNOT_UNSETTLE"],
});

export const settlement = doc({
  tag: "Events",
  summary: "What undoing the result would move",
  description:
    "For the confirmation of Undo: the bets and coins that undoing the result moves back, and until when it can.",
  answer: SettlementSize,
  errors: ["NOT_FOUND", "FORBIDDEN", "CANNOT_UNSETTLE"],
});

export const moveDates = change({
  summary: "Move the dates",
  description:
    "Postpones the event: a new start (in the future) and end; the earlier starts are kept (`startDate2`…`startDate5`) and shown struck through. A new start that takes an event waiting for its result back to taking bets asks what reopening asks: an active BOOKMAKER subscription and coins in the pool.",
  errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_SETTLED", "SUBSCRIPTION_REQUIRED", "INSUFFICIENT_COINS"],
});

export const setOdds = change({
  summary: "Set the odds and the book's terms",
  description:
    "New odds by hand for some outcomes (never while the equalizer sets them), the return for punters, the max payout, the equalizer on or off, the racing rules; what is left out stays.",
  errors: ["NOT_FOUND", "FORBIDDEN", "ALREADY_SETTLED", "CONFLICT"],
});

export const save = change({
  summary: "Save a draft in one call",
  description:
    "The draft screen's Save as one batch: new dates (`startDate` and `endDate`, both or neither, as Move the dates takes them), odds and settings (as Set the odds takes them) and, unless `live` is false, the event live again (as Reopen). Each part is checked as its own call would be, and nothing is saved unless all of it may be; one audit row per part.",
  errors: [
    "NOT_FOUND",
    "FORBIDDEN",
    "ALREADY_SETTLED",
    "CONFLICT",
    "VALIDATION",
    "SUBSCRIPTION_REQUIRED",
    "INSUFFICIENT_COINS",
  ],
});

export const playerEvents = doc({
  tag: "Betting",
  summary: "A book's events, for its punter",
  description:
    "The events of a book the caller is an approved punter of, started in the last 15 days or later, with the odds he can take now, his own stakes and the most each outcome still takes. `fractional=true` asks for fractional odds, which the book must hold FRACTAL_ODDS for.",
  answer: PlayerEvents,
  errors: ["NOT_FOUND", "FORBIDDEN", "FEATURE_UNAVAILABLE"],
});

export const prices = doc({
  tag: "Betting",
  summary: "An event's price history",
  description:
    "Every price each outcome of the event was offered at (the odds bets are taken at), oldest first, from its publication: the bookmaker's and the equalizer's. For the book's approved punters and its owner.",
  answer: OfferedPrices,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
