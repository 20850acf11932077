import type { Id, StaffRole } from "@worker/contract";
import { call } from "@/api/call";

// The main page's writes to the server; the cards that send them refresh their own reads with
// the answers (CashOutCard, StaffCard).

/** The book's cash-out switch and margin (PUT /bookmakers/{id}/cashout); answers the setting as saved. */
export const saveCashOut = (bookmakerId: Id, enabled: boolean, margin: number) =>
  call("PUT /bookmakers/:bookmakerId/cashout", { params: { bookmakerId }, body: { enabled, margin } });

/** Adds a member of staff by username, or changes his role. */
export const saveStaff = (bookmakerId: Id, username: string, role: StaffRole) =>
  call("PUT /bookmakers/:bookmakerId/staff", { params: { bookmakerId }, body: { username, role } });

/** Takes a member of staff off the book. */
export const removeStaff = (bookmakerId: Id, userId: Id) =>
  call("DELETE /bookmakers/:bookmakerId/staff/:userId", { params: { bookmakerId, userId } });
