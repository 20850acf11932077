import * as v from "valibot";
import { Money, StaffRole } from "../lib/answers";
import { Id, Instant } from "../lib/wire";

// What bookmakers/routes.ts answers; a book as a punter sees it (Bookmaker) and a join
// request's status are here too, as memberships/routes.ts answers them as well.

export const BookmakerDto = v.object({ bookmakerId: Id, bookmakerName: v.string(), terms: v.string() });

export const Me = v.object({
  userId: Id,
  username: v.string(),
  bookmakerDto: v.nullable(BookmakerDto),
  staffOf: v.pipe(
    v.nullable(v.object({ bookmakerId: Id, role: StaffRole })),
    v.description("The book the caller works for, and his role there; null for none."),
  ),
  bookDeletesOn: v.optional(
    v.pipe(Instant, v.description("Only in the last 7 days before a lapsed book is deleted: the day it goes.")),
  ),
});

export const JoinRequestStatus = v.picklist(["CREATED", "APPROVED", "DECLINED"]);

export const Bookmaker = v.object({
  bookmakerId: Id,
  bookmakerName: v.string(),
  terms: v.string(),
  bookmakerJoinDate: v.pipe(
    v.nullable(Instant),
    v.description("When the caller was approved; null if he is not a member."),
  ),
  subscribers: v.pipe(v.number(), v.integer(), v.description("Approved punters.")),
  balance: v.pipe(Money, v.description("The caller's coins with this bookmaker.")),
  joinRequestStatus: v.optional(JoinRequestStatus),
  active: v.pipe(v.boolean(), v.description("Holds an active BOOKMAKER subscription.")),
});

export const BookmakerLists = v.object({
  activeBookmakers: v.array(Bookmaker),
  inactiveBookmakers: v.array(Bookmaker),
});

export const CreatedBook = v.object({ bookmakerId: Id });
