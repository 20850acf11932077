// The API's answer shapes, shared with the web app through `import type` only.
// Pure types: nothing here may refer to worker globals (D1Database, …), so the web
// typechecks it under the DOM lib.

export type Id = number;

export interface ErrorBody {
  error: { code: string; message: string; field?: string; [extra: string]: unknown };
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
}

export interface BookBalances {
  balance: Money;
  punters: PunterBalance[];
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
