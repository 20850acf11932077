import type { InferInput } from "valibot";
import type { NameBody, TermsBody } from "../../../worker/bookmakers/profile";
import type {
  Bet,
  Bookmaker,
  BookmakerDto,
  BookmakerEvent,
  DownloadLink,
  Id,
  InvoiceAnswer,
  JoinRequestStatus,
  Money,
  NotificationSettings,
  Session,
  SettlementSize,
} from "../../../worker/contract";
import type {
  BetBody,
  CoefficientsBody,
  DatesBody,
  DraftBody,
  FinalizeBody,
  UpdateDraftItemsBody,
} from "../../../worker/events/schemas";

// Every call the mini-app makes outside SWR's reads: "METHOD /path" as the worker's route has
// it, the body it sends and the answer it reads. Types only: nothing here reaches the bundle.
// Bodies come from the worker's schemas where those live in a module of their own (schemas,
// profile); the rest are written here. Either way `tsc -p web/tsconfig.check.json` (part of
// `npm run typecheck`) holds every entry against the worker's routes (calls.check.ts).

type Event = { body?: never; answer: BookmakerEvent };
type CoinMove = { body: { userId: Id; balance: Money }; answer: { userId: Id; balance: Money } };
type Verdict = { body?: never; answer: { joinRequest: { id: Id; status: JoinRequestStatus } } };

export interface Calls {
  "POST /auth/telegram": { body: { initData: string }; answer: Session };

  "PUT /bookmakers/register": { body: InferInput<typeof NameBody>; answer: { bookmakerId: Id } };
  "POST /bookmakers/rename": { body: InferInput<typeof NameBody>; answer: BookmakerDto };
  "POST /bookmakers/:bookmakerId/terms": { body: InferInput<typeof TermsBody>; answer: BookmakerDto };
  "POST /bookmakers/:id/sign": { body?: never; answer: Bookmaker };
  "POST /bookmakers/requests/:id/approve": Verdict;
  "POST /bookmakers/requests/:id/reject": Verdict;

  "POST /balances/add": CoinMove;
  "POST /balances/subtract": CoinMove;
  "POST /balances/addNote": { body: { userId: Id; note: string }; answer: { userId: Id; note: string } };

  "POST /drafts": { body: InferInput<typeof DraftBody>; answer: { eventId: Id } };
  "POST /drafts/:draftId/updateCoefficients": { body: InferInput<typeof UpdateDraftItemsBody>; answer: BookmakerEvent };
  "POST /events": { body: { draftId: Id }; answer: { id: Id } };
  "POST /events/:id/draft": Event;
  "POST /events/:id/live": { body: { eventId: Id }; answer: BookmakerEvent };
  "POST /events/:id/abandon": Event;
  "POST /events/:id/unsettle": Event;
  "POST /events/:id/nr/:itemId": Event;
  "POST /events/:id/finalize": { body: InferInput<typeof FinalizeBody>; answer: BookmakerEvent };
  "POST /events/:id/modifyDates": { body: InferInput<typeof DatesBody>; answer: BookmakerEvent };
  "POST /events/:id/coefficients": { body: InferInput<typeof CoefficientsBody>; answer: BookmakerEvent };
  "GET /events/:id/settlement": { body?: never; answer: SettlementSize };

  "POST /bets": { body: InferInput<typeof BetBody>; answer: Bet };

  "PUT /me/notifications": { body: Partial<Omit<NotificationSettings, "canWrite">>; answer: NotificationSettings };
  "POST /subscriptions/purchase": { body: { subscriptionId: Id }; answer: InvoiceAnswer };
  "GET /figures/link/:file": { body?: never; answer: DownloadLink };
}

export type Route = keyof Calls;
export type Answer<R extends Route> = Calls[R]["answer"];
