// The API's answer shapes, shared with the web app through `import type` only.
// Pure types: nothing here may refer to worker globals (D1Database, …), so the web
// typechecks it under the DOM lib.

import type { MultipleKind } from "../common/multiples";

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
  | "CANNOT_UNSETTLE"
  | "EACH_WAY_UNAVAILABLE"
  | "IDEMPOTENCY_KEY_REUSED"
  | "IDEMPOTENCY_KEY_IN_USE"
  | "RATE_LIMITED"
  | "INTERNAL";

/** Every failure's body: its code, a message a user can read, and the field at fault if one is. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; [extra: string]: unknown };
}

export interface Session {
  token: string;
  userId: Id;
  username: string;
}

export interface BookmakerDto {
  bookmakerId: Id;
  bookmakerName: string;
  terms: string;
}

export interface Me {
  userId: Id;
  username: string;
  bookmakerDto: BookmakerDto | null;
  /**
   * In the last 7 days before a lapsed book is deleted (docs/ARCHITECTURE.md, "Retention"): the
   * day it goes, unless he renews.
   */
  bookDeletesOn?: string;
}

export interface Money {
  amount: number;
  currency: "COIN";
}

export type JoinRequestStatus = "CREATED" | "APPROVED" | "DECLINED";

/** A bookmaker as a punter sees him in the lists. */
export interface Bookmaker {
  bookmakerId: Id;
  bookmakerName: string;
  terms: string;
  /** When the caller was approved; null if he is not a member. */
  bookmakerJoinDate: string | null;
  /** Approved punters. */
  subscribers: number;
  /** The caller's coins with this bookmaker. */
  balance: Money;
  joinRequestStatus?: JoinRequestStatus;
  /** Holds an active BOOKMAKER subscription; inactive ones show in red. */
  active: boolean;
}

export interface BookmakerLists {
  activeBookmakers: Bookmaker[];
  inactiveBookmakers: Bookmaker[];
}

export interface JoinRequestItem {
  joinRequest: { id: Id; status: JoinRequestStatus };
  user: { internalId: Id; username: string };
}

export interface PunterBalance {
  user: { internalId: Id; username: string };
  money: Money;
  note: string;
  /** His own limits; null = the book's default. */
  limits: PunterLimits;
}

export interface BookBalances {
  balance: Money;
  punters: PunterBalance[];
  /** The book's default limits (docs/ARCHITECTURE.md, "Limits"). */
  limits: BookLimits;
}

export type LedgerKind = "GRANT" | "PURCHASE" | "ALLOCATE" | "WITHDRAW" | "STAKE" | "PAYOUT" | "REFUND";

export interface LedgerParty {
  kind: "POOL" | "PUNTER";
  userId: Id;
  username: string;
}

export interface LedgerEntry {
  id: Id;
  kind: LedgerKind;
  amount: number;
  /** null when coins came in from outside (GRANT, PURCHASE). */
  from: LedgerParty | null;
  to: LedgerParty;
  ref: string | null;
  createdAt: string;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  /** Pass as `?before=` for the next (older) page; null at the end. */
  nextBefore: Id | null;
}

export type SubscriptionType =
  | "BOOKMAKER"
  | "WHAT_IF"
  | "FRACTAL_ODDS"
  | "ADD_BALANCE_1000"
  | "ADD_BALANCE_5000"
  | "ADD_BALANCE_10000"
  | "ADD_BALANCE_50000";

/** A market item, priced for the caller: `subscriptionPrice` is what he would pay now. */
export interface CatalogueItem {
  subscriptionId: Id;
  subscriptionType: SubscriptionType;
  subscriptionName: string;
  /** Stars. */
  subscriptionPrice: number;
  /** The undiscounted price, when a discount applies (the first BOOKMAKER period). */
  regularPrice?: number;
  /** Days one purchase adds; absent for coin packages. */
  periodDays?: number;
  /** Coins a package brings; absent for subscriptions. */
  coins?: number;
}

/** What a user holds of a subscription type. */
export interface UserSubscription {
  subscription: { subscriptionType: SubscriptionType };
  /** Flagged active and not past its end. */
  active: boolean;
  endDate: string | null;
  /** When Telegram renews it by itself (a Stars subscription); manual renewal waits until then. */
  renewsAt: string | null;
  /** From when a manual renewal is accepted (8 days before the end, or when Telegram renews it); null when accepted now. */
  renewableFrom: string | null;
}

export interface InvoiceAnswer {
  /** A t.me invoice link to open with WebApp.openInvoice; in dev mode, the dev pay route. */
  invoiceLink: string;
  invoiceId: string;
}

export interface DevPayment {
  invoiceId: string;
  /** false when this invoice had already been applied: nothing changed. */
  applied: boolean;
}

/** GET /me/notifications: the bot's messages a user wants, and whether it may write to him. */
export interface NotificationSettings {
  joinRequests: boolean;
  results: boolean;
  coins: boolean;
  newEvents: boolean;
  /** coins; a bookmaker is told of a stake above it; null: never */
  bigBetsOver: number | null;
  canWrite: boolean;
}

/** GET /dev/outbox: a message the bot would have sent. */
export interface OutboxMessage {
  chatId: number;
  text: string;
  button: { text: string; url: string } | null;
  createdAt: string;
}

export type EventStatus =
  | "CREATED"
  | "READY_FOR_BETS"
  | "WAITING_FOR_RESULT"
  | "FINISHED"
  | "WAITING_FOR_CALCULATION"
  | "CALCULATED"
  | "CANCELLED"
  | "ABANDONED"
  | "SUSPENDED";

export type OutcomeStatus = "ACTIVE" | "NR" | "WINNER" | "LOSER";

/** An outcome as the bookmaker sees it. Odds are decimal; fractional as "num/den". */
export interface EventItem {
  id: Id;
  title: string;
  coefficient: number;
  fractalCoefficient: string;
  /** The odds bets are taken at now (the equalizer's when it is on). */
  currCoefficient: number;
  currFractalCoefficient: string;
  status: OutcomeStatus;
  /** The bookmaker's result should this outcome win; 0 without WHAT_IF. After settlement, the realised gain. */
  whatIf: number;
  /** A non-runner's Rule 4 deduction (pence in the pound; 0 without Rule 4) and when it was withdrawn. */
  deduction: number;
  withdrawnAt: string | null;
  /** Its finishing place once settled (ties share a place); null before, or when unplaced. */
  place: number | null;
}

/** The racing rules an event applies (docs/ARCHITECTURE.md, "Racing rules"). */
export interface RacingRules {
  rule4: boolean;
  deadHeat: boolean;
}

/** An event's each-way terms in force, or null when it takes no each-way bets. */
export interface EachWayRule {
  eachWay: EachWayTerms | null;
}

/**
 * Each-way terms in force: paying places and the fraction of the odds a place pays at (places 1
 * and fraction 1: win only, the place part goes on to win). `standard` when they follow the
 * runners, so a non-runner may change them; they are fixed at settlement.
 */
export interface EachWayTerms {
  places: number;
  fraction: number;
  standard: boolean;
}

/** When an event starts and ends; startDate2…5 are earlier starts, shown struck through. */
export interface EventDates {
  startDate: string;
  endDate: string;
  startDate2: string | null;
  startDate3: string | null;
  startDate4: string | null;
  startDate5: string | null;
}

/** An event as its bookmaker sees it. */
export interface BookmakerEvent extends EventDates, RacingRules, EachWayRule {
  id: Id;
  title: string;
  description: string;
  status: EventStatus;
  bookmakerId: Id;
  maxTotalPayout: number;
  returnPrice: number;
  botEqualizer: boolean;
  payoutRatioType: "ADVERTISED" | null;
  /** When it was settled or abandoned (its result can be undone for 24 hours), else null. */
  settledAt: string | null;
  items: EventItem[];
}

/** An outcome as a punter sees it: the odds he can take now. */
export interface PlayerEventItem {
  id: Id;
  title: string;
  coefficient: number;
  /** Only when the bookmaker holds FRACTAL_ODDS. */
  fractalCoefficient: string | null;
  status: OutcomeStatus;
  /** The punter's own result should this outcome win; 0 without WHAT_IF. */
  whatIf: number;
  /** What the punter staked here (0 if no bet): his one bet on this outcome. */
  myStake: number;
  /** The largest stake this outcome still takes at these odds before the book's max payout is reached. */
  maxStake: number;
  /** The same for an each-way bet, per part (twice it is staked); 0 where the event takes no each-way bets. */
  eachWayMaxStake: number;
  /** A non-runner's Rule 4 deduction (pence in the pound). */
  deduction: number;
  /** Its finishing place once settled (ties share a place); null before, or when unplaced. */
  place: number | null;
}

export interface PlayerEvent extends EventDates, RacingRules, EachWayRule {
  eventId: Id;
  title: string;
  description: string;
  status: EventStatus;
  maxTotalPayout: number;
  bookmakerId: Id;
  /** The caller's membership id. */
  requestId: Id;
  items: PlayerEventItem[];
}

export type BetStatus = "ACCEPTED" | "WON" | "LOST" | "CANCELLED";

export interface Bet {
  betId: Id;
  eventId: Id;
  eventItemId: Id;
  userId: Id;
  coefficient: number;
  betsDate: string;
  status: BetStatus;
  money: Money;
  /** What the bet paid (WON) or refunded (CANCELLED); 0 otherwise. */
  payout: number;
  /** Rule 4: pence in the pound taken from its winnings for runners withdrawn after it (0–90). */
  deduction: number;
  /** The number of winners it shared first place with (1 when none). */
  deadHeat: number;
  /** Its outcome's status: a refund on an NR outcome is a non-runner's, not an abandoned event's. */
  outcomeStatus: OutcomeStatus;
  eventTitle: string;
  eventDescription: string;
  outcomeTitle: string;
  /** Part of an each-way bet: two rows, WIN and PLACE, of the same stake; a win bet is WIN alone. */
  eachWay: boolean;
  part: "WIN" | "PLACE";
  /** Both parts of an each-way bet name its WIN row; null for a win bet. */
  eachWayOf: Id | null;
  /** An each-way bet's place terms: as struck, then as settled (a non-runner may change standard terms). */
  placeTerms: { places: number; fraction: number } | null;
}

/**
 * A punter's coins over a period (docs/DECISIONS.md, "Figures"). Always
 * `opening + added − withdrawn − staked + returned = closing`.
 */
export interface Figure {
  opening: number;
  /** Given by the bookmaker ("+"). */
  added: number;
  /** Taken back by the bookmaker ("−"). */
  withdrawn: number;
  staked: number;
  /** Payouts and refunds. */
  returned: number;
  /** returned − staked: above 0 the punter won, below 0 the book did. */
  net: number;
  closing: number;
  /** Stakes still unsettled at the end of the period. */
  openStakes: number;
}

export interface PunterFigure extends Figure {
  userId: Id;
  username: string;
}

export interface BookFigure {
  /** Stakes taken in the period. */
  staked: number;
  paidOut: number;
  refunded: number;
  /** Stakes of bets settled in the period less what they paid back. */
  hold: number;
  /** hold ÷ stakes of settled bets that were not refunded, in percent; null when none settled. */
  holdPct: number | null;
  /** What the book would pay at most on bets still open at the end of the period. */
  openLiability: number;
}

export interface Figures {
  from: string;
  to: string;
  tz: string;
  punters: PunterFigure[];
  totals: Figure;
  book: BookFigure;
}

export interface DailyFigure {
  date: string;
  staked: number;
  returned: number;
  hold: number;
}

/** A coin movement of one punter, signed from his side (+ in, − out). */
export interface Movement {
  id: Id;
  kind: LedgerKind;
  amount: number;
  ref: string | null;
  createdAt: string;
}

/** One punter's figures for a period with what made them, newest first. */
export interface Statement {
  from: string;
  to: string;
  tz: string;
  punter: PunterFigure;
  /** Bets placed or settled in the period. */
  bets: Bet[];
  movements: Movement[];
}

/** A short-lived link a client can download without the session header (Telegram's downloadFile). */
export interface DownloadLink {
  url: string;
  fileName: string;
}

/** GET /config: what the web app learns from the API at start-up, so one build serves any deployment. */
export interface PublicConfig {
  /** The bot's username without "@" (for invite links); null when neither configured nor known from Telegram. */
  botUsername: string | null;
}

/** What undoing an event's result would move back (`GET /events/{id}/settlement`). */
export interface SettlementSize {
  bets: number;
  coins: number;
  /** Until when the result can be undone. */
  undoUntil: string;
}

/** An outcome on the liability board: what it took and what the book pays should it win. */
export interface LiabilityOutcome {
  id: Id;
  title: string;
  status: OutcomeStatus;
  /** A non-runner's Rule 4 deduction (pence in the pound); its bets were refunded. */
  deduction: number;
  /** Stakes of its open bets, both parts of each-way bets. */
  staked: number;
  /** Its open bets, an each-way bet counted once. */
  bets: number;
  /**
   * What the book pays should it win: its bets in full (Rule 4 deductions known so far taken
   * off) plus the largest place parts of the other paying places. 0 for a non-runner.
   */
  payout: number;
}

/** An open event on the liability board (GET /events/liability). */
export interface LiabilityEvent {
  id: Id;
  title: string;
  description: string;
  status: EventStatus;
  startDate: string;
  staked: number;
  bets: number;
  /** The most any one result pays: the dearest outcome's `payout`. */
  worst: number;
  items: LiabilityOutcome[];
}

/** GET /events/liability: the bookmaker's open book, next to start first. */
export interface LiabilityBoard {
  events: LiabilityEvent[];
  /** The book's open multiples: how many, and what they pay should every line win. */
  multiples: { open: number; potential: number };
  /** Every open event's worst result plus every open multiple paid in full. */
  worstCase: number;
}

/** The kinds of multiple: a straight multiple of 2, 3 or 4–8 legs, or a full cover over 3 or 4 legs. */

export type LegResult = "PENDING" | "WON" | "LOST" | "VOID";

/** One selection of a multiple: an outcome of one of the book's events at the odds struck. */
export interface MultipleLeg {
  eventId: Id;
  eventItemId: Id;
  eventTitle: string;
  eventDescription: string;
  outcomeTitle: string;
  coefficient: number;
  result: LegResult;
  /** What the leg multiplies a line by: its odds less Rule 4 over a dead heat when WON, 1 when VOID, 0 when LOST; null while PENDING. */
  factor: number | null;
}

/** A multiple or full-cover bet: `lines` lines of `amount` each over the same legs (POST /bets/multiple). */
export interface Multiple {
  multipleId: Id;
  kind: MultipleKind;
  /** Stake per line. */
  amount: number;
  lines: number;
  /** lines × amount, debited once. */
  staked: number;
  status: BetStatus;
  legs: MultipleLeg[];
  /** What every line returns if every leg wins at the odds struck. */
  potentialPayout: number;
  /** What it paid (WON) or refunded (CANCELLED); 0 otherwise. */
  payout: number;
  createdAt: string;
  settledAt: string | null;
}

/** A book's default limits (PUT /bookmakers/{id}/limits); null = no limit. */
export interface BookLimits {
  maxStake: number | null;
  maxPayoutPerEvent: number | null;
  maxMultiplesPayout: number;
}

/** A punter's own limits (PUT /balances/limits); null = the book's default. */
export interface PunterLimits {
  maxStake: number | null;
  maxPayoutPerEvent: number | null;
}

/** What an audit row records (docs/ARCHITECTURE.md, "Audit"); PRICE is a price offered, the equalizer's in GET /audit. */
export type AuditAction =
  | "PUBLISH"
  | "OUTCOMES"
  | "CLOSE"
  | "LIVE"
  | "SUSPEND"
  | "DATES"
  | "ODDS"
  | "NR"
  | "RESULT"
  | "ABANDON"
  | "UNDO"
  | "COINS_ADDED"
  | "COINS_WITHDRAWN"
  | "LIMITS"
  | "PRICE";

/** A value an audit row keeps from before or after the change: JSON, shaped by the action. */
export type AuditValue = Record<string, unknown> | null;

/** One change in the book (GET /audit); the system (an alarm, retention, the equalizer) is user 0, "system". */
export interface AuditEntry {
  at: string;
  actor: { userId: Id; username: string };
  action: AuditAction;
  eventId: Id | null;
  itemId: Id | null;
  /** The punter the change is about. */
  userId: Id | null;
  before: AuditValue;
  after: AuditValue;
  note: string | null;
}

/** A price an outcome was offered at (GET /player/events/{bookmakerId}/{eventId}/prices). */
export interface OfferedPrice {
  itemId: Id;
  at: string;
  coefficient: number;
}
