// The API's answer types, shared with the web app through `import type` only. Each is derived
// from its valibot schema in the answers.ts of the folder that answers it, gathered by
// openapi/answers.ts, which /openapi.json describes: one text for the document, the handlers and
// the web. Pure types: nothing here may refer to worker globals (D1Database, …), so the web
// typechecks it under the DOM lib.

import type * as v from "valibot";
import type { MultipleKind } from "../common/multiples";
import type * as answers from "./openapi/answers";

export type Id = number;
export type { MultipleKind };

/** Every code an error body carries: the API answers no other (the web app reads them by name). */
export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "SUBSCRIPTION_REQUIRED"
  | "FEATURE_UNAVAILABLE"
  | "USERNAME_REQUIRED"
  | "NOT_FOUND"
  | "NAME_TAKEN"
  | "BET_EXISTS"
  | "EVENT_NOT_OPEN"
  | "ODDS_CHANGED"
  | "LIMIT_EXCEEDED"
  | "INSUFFICIENT_COINS"
  | "ALREADY_SETTLED"
  | "CONFLICT"
  | "MISCONFIGURED"
  | "UNAVAILABLE"
  | "TELEGRAM_UNAVAILABLE"
  | "CANNOT_UNSETTLE"
  | "EACH_WAY_UNAVAILABLE"
  | "SP_UNAVAILABLE"
  | "CASH_OUT_UNAVAILABLE"
  | "CASH_OUT_CHANGED"
  | "ALREADY_PAID"
  | "EVENT_NOT_SETTLED"
  | "PRICE_REQUEST_NOT_NEEDED"
  | "PRICE_REQUEST_OPEN"
  | "OFFER_EXPIRED"
  | "ALREADY_TAKEN"
  | "IDEMPOTENCY_KEY_REUSED"
  | "IDEMPOTENCY_KEY_IN_USE"
  | "RATE_LIMITED"
  | "INTERNAL";

/** Every failure's body: its code, a message a user can read, and the field at fault if one is. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; [extra: string]: unknown };
}

/** The type of the answer schema `S`. */
type Of<S extends v.GenericSchema> = v.InferOutput<S>;

export type Session = Of<typeof answers.Session>;
export type Language = Of<typeof answers.Language>;
/** PUT /me/language: the language in force and Telegram's. */
export type Languages = Of<typeof answers.Languages>;
export type BookmakerDto = Of<typeof answers.BookmakerDto>;
/** The caller; `bookDeletesOn` in the last 7 days before a lapsed book is deleted (docs/ARCHITECTURE.md, "Retention"). */
export type Me = Of<typeof answers.Me>;
export type StaffRole = Of<typeof answers.StaffRole>;
export type Staff = Of<typeof answers.Staff>;
export type Ticket = Of<typeof answers.Ticket>;
export type TicketStatus = Of<typeof answers.TicketStatus>;
export type Money = Of<typeof answers.Money>;
export type JoinRequestStatus = Of<typeof answers.JoinRequestStatus>;
/** A bookmaker as a punter sees him in the lists. */
export type Bookmaker = Of<typeof answers.Bookmaker>;
export type BookmakerLists = Of<typeof answers.BookmakerLists>;
export type JoinRequestItem = Of<typeof answers.JoinRequestItems>[number];

/** A punter of the book with his coins, the note on him and his own limits (null: the book's default). */
export type PunterBalance = BookBalances["punters"][number];
export type BookBalances = Of<typeof answers.BookBalances>;
export type LedgerKind = Of<typeof answers.LedgerKind>;
export type LedgerParty = Of<typeof answers.LedgerParty>;
/** A ledger row; `from` is null when coins came in from outside (GRANT, PURCHASE). */
export type LedgerEntry = LedgerPage["entries"][number];
export type LedgerPage = Of<typeof answers.LedgerPage>;

export type SubscriptionType = Of<typeof answers.SubscriptionType>;
/** A market item, priced for the caller: `subscriptionPrice` is what he would pay now (Stars). */
export type CatalogueItem = Of<typeof answers.Catalogue>[number];
/** What a user holds of a subscription type. */
export type UserSubscription = Of<typeof answers.UserSubscriptions>[number];
export type InvoiceAnswer = Of<typeof answers.InvoiceAnswer>;
export type DevPayment = Of<typeof answers.DevPayment>;
/** GET /me/notifications: the bot's messages a user wants, and whether it may write to him. */
export type NotificationSettings = Of<typeof answers.NotificationSettings>;
/** GET /dev/outbox: a message the bot would have sent. */
export type OutboxMessage = Of<typeof answers.Outbox>[number];
export type DevPress = Of<typeof answers.DevPress>;
/** A bet beyond what the box takes, asked of the book (price-requests/). */
export type PriceRequest = Of<typeof answers.PriceRequest>;
export type PriceRequestStatus = Of<typeof answers.PriceRequestStatus>;

export type EventStatus = Of<typeof answers.EventStatus>;
export type OutcomeStatus = Of<typeof answers.OutcomeStatus>;
/** An event as its bookmaker sees it. Odds are decimal; fractional as "num/den". */
export type BookmakerEvent = Of<typeof answers.BookmakerEvent>;
/** An outcome as the bookmaker sees it. */
export type BookmakerOutcome = BookmakerEvent["items"][number];
/** The racing rules an event applies (docs/rules/racing.md, "Racing rules"). */
export type RacingRules = Pick<BookmakerEvent, "rule4" | "deadHeat" | "sp" | "bog">;
/** An event's each-way terms in force, or null when it takes no each-way bets. */
export type EachWayRule = Pick<BookmakerEvent, "eachWay">;
/** Each-way terms in force (docs/rules/racing.md, "Each-way"). */
export type EachWayTerms = NonNullable<BookmakerEvent["eachWay"]>;
/** When an event starts and ends; startDate2…5 are earlier starts, shown struck through. */
export type EventDates = Pick<
  BookmakerEvent,
  "startDate" | "endDate" | "startDate2" | "startDate3" | "startDate4" | "startDate5"
>;
/** An event as a punter sees it. */
export type PlayerEvent = Of<typeof answers.PlayerEvents>[number];
/** An outcome as a punter sees it: the odds he can take now. */
export type PlayerOutcome = PlayerEvent["items"][number];

export type BetStatus = Of<typeof answers.BetStatus>;
export type Bet = Of<typeof answers.Bet>;

/**
 * A punter's coins over a period (docs/decisions/figures.md, "Figures"). Always
 * `opening + added − withdrawn − staked + returned = closing`.
 */
export type Figure = Of<typeof answers.Figure>;
export type PunterFigure = Of<typeof answers.PunterFigure>;
export type BookFigure = Figures["book"];
export type Figures = Of<typeof answers.Figures>;
export type DailyFigure = Of<typeof answers.DailyFigures>[number];
/** A coin movement of one punter, signed from his side (+ in, − out). */
export type Movement = Statement["movements"][number];
/** One punter's figures for a period with what made them, newest first. */
export type Statement = Of<typeof answers.Statement>;
/** A short-lived link a client can download without the session header (Telegram's downloadFile). */
export type DownloadLink = Of<typeof answers.DownloadLink>;
/** GET /config: what the web app learns from the API at start-up, so one build serves any deployment. */
export type PublicConfig = Of<typeof answers.PublicConfig>;
/** GET /events/{id}/book: the book a published event is in. */
export type EventBook = Of<typeof answers.EventBook>;
/** POST /share: the card Telegram keeps for the caller, its text and button. */
export type SharedCard = Of<typeof answers.SharedCard>;
/** What undoing an event's result would move back (`GET /events/{id}/settlement`). */
export type SettlementSize = Of<typeof answers.SettlementSize>;

/** GET /events/liability: the bookmaker's open book, next to start first. */
export type LiabilityBoard = Of<typeof answers.LiabilityBoard>;
/** An open event on the liability board. */
export type LiabilityEvent = LiabilityBoard["events"][number];
/** An outcome on the liability board: what it took and what the book pays should it win. */
export type LiabilityOutcome = LiabilityEvent["items"][number];

export type LegResult = Of<typeof answers.LegResult>;
/** A multiple or full-cover bet: `lines` lines of `amount` each over the same legs (POST /bets/multiple). */
export type Multiple = Of<typeof answers.Multiple>;
/** One selection of a multiple: an outcome of one of the book's events at the odds struck. */
export type MultipleLeg = Multiple["legs"][number];

/** A book's default limits (PUT /bookmakers/{id}/limits); null = no limit. */
export type BookLimits = Of<typeof answers.BookLimits>;
/** A punter's own limits (PUT /balances/limits); null = the book's default. */
export type PunterLimits = Of<typeof answers.PunterLimits>;

/** A book's cash-out setting (PUT /bookmakers/{id}/cashout). */
export type CashOutSetting = Of<typeof answers.CashOutSetting>;
/** What a bet or multiple can be cashed out for now (GET /bets/{betId}/cashout). */
export type CashOutOffer = Of<typeof answers.CashOutOffer>;
/** Every open bet's and multiple's offer in a book (GET /bets/{bookmakerId}/cashouts). */
export type CashOutOffers = Of<typeof answers.CashOutOffers>;

export type AuditAction = Of<typeof answers.AuditAction>;
/** One change in the book (GET /audit); the system (an alarm, retention, the equalizer) is user 0, "system". */
export type AuditEntry = Of<typeof answers.AuditEntry>;
/** A value an audit row keeps from before or after the change: JSON, shaped by the action. */
export type AuditValue = AuditEntry["before"];
/** A price an outcome was offered at (GET /player/events/{bookmakerId}/{eventId}/prices). */
export type OfferedPrice = Of<typeof answers.OfferedPrices>[number];
