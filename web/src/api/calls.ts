import type { InferInput } from "valibot";
import type { NameBody, TermsBody } from "@worker/bookmakers/profile";
import type { BookLimitsBody, PunterLimitsBody } from "@worker/limits/schemas";
import type { CashOutBody, CashOutSettingBody } from "@worker/cashout/schemas";
import type { StaffBody } from "@worker/staff/schemas";
import type {
  AuditEntry,
  Bet,
  BookBalances,
  BookLimits,
  Bookmaker,
  BookmakerDto,
  BookmakerEvent,
  BookmakerLists,
  CashOutOffer,
  CashOutOffers,
  CashOutSetting,
  CatalogueItem,
  DailyFigure,
  DownloadLink,
  EventBook,
  Figure,
  Figures,
  Id,
  InvoiceAnswer,
  JoinRequestItem,
  JoinRequestStatus,
  Languages,
  LedgerPage,
  LiabilityBoard,
  Me,
  Money,
  Multiple,
  MultipleKind,
  NotificationSettings,
  OfferedPrice,
  OutboxMessage,
  DevPress,
  PriceRequest,
  PriceRequestStatus,
  PlayerEvent,
  PublicConfig,
  PunterLimits,
  Session,
  SettlementSize,
  SharedCard,
  Staff,
  Statement,
  Ticket,
  TicketStatus,
  UserSubscription,
} from "@worker/contract";
import type { BetBody } from "@worker/bets/schemas";
import type { ShareBody } from "@worker/sharing/schemas";
import type { AnswerBody, PriceRequestBody } from "@worker/price-requests/schemas";
import type { Language } from "@common/languages";
import type {
  OddsBody,
  DatesBody,
  DraftBody,
  FinalizeBody,
  WithdrawBody,
  SaveBody,
  DraftOutcomesBody,
} from "@worker/events/schemas";

// Every call the mini-app makes, reads (SWR's `useApi`) and writes (`call`) alike: "METHOD /path"
// as the worker's route has it, the query a read sends, the body a write sends, and the answer.
// Types only: nothing here reaches the bundle. Bodies come from the worker's schemas where those
// live in a module of their own (schemas, profile); the rest are written here. Either way
// `tsc -p web/tsconfig.check.json` (part of `npm run typecheck`) holds every entry against the
// worker's routes (calls.check.ts): a path, query, body or answer that drifted fails by name.

type Event = { body?: never; answer: BookmakerEvent };
type CoinMove = { body: { userId: Id; balance: Money; note?: string }; answer: { userId: Id; balance: Money } };
type Verdict = { body?: never; answer: { joinRequest: { id: Id; status: JoinRequestStatus } } };
/** A period of calendar dates, in a time zone (the screens send the device's; the worker's default is UTC). */
type PeriodQuery = { from: string; to: string; tz?: string };
/** A period, and optionally one event or one punter (ids as text: the check reads an optional number as sent). */
type AuditQuery = PeriodQuery & { eventId?: string; userId?: string };

export interface Calls {
  // Reads. A query's values are sent as text; the worker's schema reads them back.
  "GET /config": { answer: PublicConfig };
  "GET /bookmakers/authorizeMe": { answer: Me };
  "GET /bookmakers": { answer: BookmakerLists };
  "GET /bookmakers/requests": { answer: JoinRequestItem[] };
  "GET /balances": { answer: BookBalances };
  "GET /balances/ledger": { query: { limit: number }; answer: LedgerPage };
  "GET /balances/:bookmakerId": { answer: Money };
  "GET /events/types": { answer: { eventTypeName: string }[] };
  "GET /countries": { answer: { countryName: string }[] };
  "GET /events": { query: { view: "open" | "history" }; answer: BookmakerEvent[] };
  "GET /events/liability": { answer: LiabilityBoard };
  "GET /events/:id": { answer: BookmakerEvent };
  "GET /events/:id/settlement": { answer: SettlementSize };
  "GET /events/:id/book": { answer: EventBook };
  "GET /player/events/:bookmakerId": { answer: PlayerEvent[] };
  "GET /bets/:bookmakerId/": { query?: { userId: Id }; answer: Bet[] };
  "GET /bets/:bookmakerId/multiples": { query?: { userId: Id }; answer: Multiple[] };
  "GET /bets/:bookmakerId/cashouts": { answer: CashOutOffers };
  "GET /bets/:betId/cashout": { answer: CashOutOffer };
  "GET /bets/multiple/:multipleId/cashout": { answer: CashOutOffer };
  "GET /bookmakers/:bookmakerId/cashout": { answer: CashOutSetting };
  "GET /bookmakers/:bookmakerId/staff": { answer: Staff[] };
  "GET /figures": { query: PeriodQuery; answer: Figures };
  "GET /figures/daily": { query: { days: number; tz: string }; answer: DailyFigure[] };
  "GET /figures/:bookmakerId/mine": { query: PeriodQuery; answer: Figure };
  "GET /figures/punters/:userId": { query: PeriodQuery; answer: Statement };
  "GET /figures/link/:file": { query?: PeriodQuery; answer: DownloadLink };
  "GET /audit": { query: AuditQuery; answer: AuditEntry[] };
  "GET /audit/link": { query: AuditQuery; answer: DownloadLink };
  "GET /player/events/:bookmakerId/:eventId/prices": { answer: OfferedPrice[] };
  "GET /subscriptions": { answer: CatalogueItem[] };
  "GET /subscriptions/mine": { answer: UserSubscription[] };
  "GET /subscriptions/active/:bookmakerId": { answer: UserSubscription[] };
  "GET /me/notifications": { answer: NotificationSettings };
  "GET /counter/tickets": { query: { eventId: string; status?: TicketStatus }; answer: Ticket[] };
  "GET /counter/tickets/:code": { answer: Ticket };
  "GET /dev/outbox": { query: { userId: Id }; answer: OutboxMessage[] };
  /** The book's (owner, managers) or the punter's own, newest first; the event's id as text. */
  "GET /price-requests": { query?: { eventId?: string; status?: PriceRequestStatus }; answer: PriceRequest[] };

  // Writes.
  "POST /auth/telegram": { body: { initData: string }; answer: Session };

  "PUT /bookmakers/register": { body: InferInput<typeof NameBody>; answer: { bookmakerId: Id } };
  "POST /bookmakers/rename": { body: InferInput<typeof NameBody>; answer: BookmakerDto };
  "POST /bookmakers/:bookmakerId/terms": { body: InferInput<typeof TermsBody>; answer: BookmakerDto };
  "PUT /bookmakers/:bookmakerId/limits": { body: InferInput<typeof BookLimitsBody>; answer: BookLimits };
  "PUT /bookmakers/:bookmakerId/cashout": { body: InferInput<typeof CashOutSettingBody>; answer: CashOutSetting };
  "PUT /bookmakers/:bookmakerId/staff": { body: InferInput<typeof StaffBody>; answer: Staff };
  /** 204: nothing to answer. */
  "DELETE /bookmakers/:bookmakerId/staff/:userId": { answer: null };
  "POST /bookmakers/:id/sign": { body?: never; answer: Bookmaker };
  "POST /bookmakers/requests/:id/approve": Verdict;
  "POST /bookmakers/requests/:id/reject": Verdict;

  "POST /balances/add": CoinMove;
  "POST /balances/subtract": CoinMove;
  "POST /balances/addNote": { body: { userId: Id; note: string }; answer: { userId: Id; note: string } };
  "PUT /balances/limits": { body: InferInput<typeof PunterLimitsBody>; answer: PunterLimits };

  "POST /drafts": { body: InferInput<typeof DraftBody>; answer: { eventId: Id } };
  "POST /drafts/:draftId/updateCoefficients": { body: InferInput<typeof DraftOutcomesBody>; answer: BookmakerEvent };
  "POST /events": { body: { draftId: Id }; answer: { id: Id } };
  "POST /events/:id/draft": Event;
  "POST /events/:id/live": { body: { eventId: Id }; answer: BookmakerEvent };
  "POST /events/:id/abandon": Event;
  "POST /events/:id/unsettle": Event;
  "POST /events/:id/nr/:itemId": { body: InferInput<typeof WithdrawBody>; answer: BookmakerEvent };
  "POST /events/:id/finalize": { body: InferInput<typeof FinalizeBody>; answer: BookmakerEvent };
  "POST /events/:id/modifyDates": { body: InferInput<typeof DatesBody>; answer: BookmakerEvent };
  "POST /events/:id/coefficients": { body: InferInput<typeof OddsBody>; answer: BookmakerEvent };
  "POST /events/:id/save": { body: InferInput<typeof SaveBody>; answer: BookmakerEvent };

  "POST /bets": { body: InferInput<typeof BetBody>; answer: Bet };
  /**
   * `amount` is the stake per line; `coefficient` each leg's odds as shown, or "SP" (docs/decisions/events.md,
   * "Multiples", "SP and BOG").
   */
  "POST /bets/multiple": {
    body: {
      bookmakerId: Id;
      kind: MultipleKind;
      legs: { eventId: Id; eventItemId: Id; coefficient: number | "SP" }[];
      amount: number;
    };
    answer: Multiple;
  };

  "POST /bets/:betId/cashout": { body: InferInput<typeof CashOutBody>; answer: Bet };
  "POST /bets/multiple/:multipleId/cashout": { body: InferInput<typeof CashOutBody>; answer: Multiple };

  /** A bet beyond what the box takes, asked of the book; the book's answer; the punter taking an offer. */
  "POST /price-requests": { body: InferInput<typeof PriceRequestBody>; answer: PriceRequest };
  "POST /price-requests/:id/answer": { body: InferInput<typeof AnswerBody>; answer: PriceRequest };
  "POST /price-requests/:id/take": { body?: never; answer: Bet };

  "POST /counter/bets": { body: InferInput<typeof BetBody>; answer: Ticket };
  "POST /counter/tickets/:code/pay": { body?: never; answer: Ticket };

  "PUT /me/notifications": { body: Partial<Omit<NotificationSettings, "canWrite">>; answer: NotificationSettings };
  "PUT /me/language": { body: { language: Language | null }; answer: Languages };
  "POST /share": { body: InferInput<typeof ShareBody>; answer: SharedCard };
  /** Dev mode: a callback button of a bot message pressed, as Telegram would deliver it. */
  "POST /dev/outbox/:messageId/press": { body: { callbackData: string }; answer: DevPress };
  "POST /subscriptions/purchase": { body: { subscriptionId: Id }; answer: InvoiceAnswer };
}

export type Route = keyof Calls;
/** The routes SWR reads (useApi). */
export type Read = Extract<Route, `GET ${string}`>;
export type Answer<R extends Route> = Calls[R]["answer"];
