import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditEntry, BookmakerEvent, LiabilityBoard, Me, Staff } from "../contract";
import { call, json, signIn } from "../test/api";
import { faultyD1, inOrder } from "../test/faulty-d1";
import { newEvent } from "../test/events";
import { buyCoins, freshBookName, giveSubscription, newBook, newPunter } from "../test/world";

// A book's staff (docs/rules/staff.md "Staff" and "The counter"): the owner adds a user by username as CLERK
// or MANAGER, changes his role, lists and removes them; every change is an audit row; a user
// works for one book and is never a punter of it, from either door.

const errorOf = async (res: Response) =>
  (await res.json<{ error: { code: string; field?: string; message: string } }>()).error;
const staffPath = (bookmakerId: number) => `/bookmakers/${bookmakerId}/staff`;

describe("a book's staff", () => {
  it("the owner adds a clerk by @username, makes him manager, lists and removes him; each change is an audit row", async () => {
    const book = await newBook();
    const clerk = await signIn("clerk");
    const added = await json<Staff>("PUT", staffPath(book.bookmakerId), {
      token: book.owner.token,
      body: { username: `@${clerk.username.toUpperCase()}`, role: "CLERK" },
    });
    expect(added).toMatchObject({ userId: clerk.userId, username: clerk.username, role: "CLERK" });
    expect(await json<Me>("GET", "/bookmakers/authorizeMe", { token: clerk.token })).toMatchObject({
      staffOf: { bookmakerId: book.bookmakerId, role: "CLERK" },
      bookmakerDto: null,
    });

    const promoted = await json<Staff>("PUT", staffPath(book.bookmakerId), {
      token: book.owner.token,
      body: { username: clerk.username, role: "MANAGER" },
    });
    expect(promoted).toEqual({ ...added, role: "MANAGER" }); // the same since
    expect(await json<Staff[]>("GET", staffPath(book.bookmakerId), { token: book.owner.token })).toEqual([promoted]);

    expect(
      (await call("DELETE", `${staffPath(book.bookmakerId)}/${clerk.userId}`, { token: book.owner.token })).status,
    ).toBe(204);
    expect(await json<Staff[]>("GET", staffPath(book.bookmakerId), { token: book.owner.token })).toEqual([]);
    expect((await json<Me>("GET", "/bookmakers/authorizeMe", { token: clerk.token })).staffOf).toBeNull();
    const again = await call("DELETE", `${staffPath(book.bookmakerId)}/${clerk.userId}`, { token: book.owner.token });
    expect(again.status).toBe(404);

    const log = await json<AuditEntry[]>("GET", "/audit", { token: book.owner.token });
    const rows = log.filter((e) => e.action === "STAFF").reverse();
    expect(rows.map((e) => [e.before, e.after])).toEqual([
      [{ role: null }, { role: "CLERK" }],
      [{ role: "CLERK" }, { role: "MANAGER" }],
      [{ role: "MANAGER" }, { role: null }],
    ]);
  });

  it("only the owner manages them: 403 for anyone else, his staff included; 404 for no such book", async () => {
    const book = await newBook();
    const manager = await signIn("manager");
    await json("PUT", staffPath(book.bookmakerId), {
      token: book.owner.token,
      body: { username: manager.username, role: "MANAGER" },
    });
    const other = await newBook();
    for (const token of [manager.token, other.owner.token]) {
      for (const [method, path, body] of [
        ["GET", staffPath(book.bookmakerId), undefined],
        ["PUT", staffPath(book.bookmakerId), { username: manager.username, role: "CLERK" }],
        ["DELETE", `${staffPath(book.bookmakerId)}/${manager.userId}`, undefined],
      ] as const) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await call("GET", staffPath(99_999_999), { token: book.owner.token })).status).toBe(404);
    expect((await json<Staff[]>("GET", staffPath(book.bookmakerId), { token: book.owner.token }))[0].role).toBe(
      "MANAGER",
    );
  });

  it("refuses bad input by field, an unknown user, the owner himself, a punter of the book, another book's staff", async () => {
    const book = await newBook();
    const put = (body: unknown) => call("PUT", staffPath(book.bookmakerId), { token: book.owner.token, body });
    for (const [body, field] of [
      [{ username: "pete", role: "BOSS" }, "role"],
      [{ username: "not a name!", role: "CLERK" }, "username"],
      [{ role: "CLERK" }, "username"],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).field).toBe(field);
    }
    const unknown = await put({ username: "nobody_has_this_name", role: "CLERK" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("No user @nobody_has_this_name has opened the app yet.");
    expect((await put({ username: book.owner.username, role: "CLERK" })).status).toBe(409);

    const punter = await newPunter(book);
    const member = await put({ username: punter.username, role: "CLERK" });
    expect(member.status).toBe(409);
    expect((await errorOf(member)).message).toBe(
      `@${punter.username} is a punter of this book; staff cannot bet in it.`,
    );

    const elsewhere = await newBook();
    const clerk = await signIn("clerk");
    await json("PUT", staffPath(elsewhere.bookmakerId), {
      token: elsewhere.owner.token,
      body: { username: clerk.username, role: "CLERK" },
    });
    const taken = await put({ username: clerk.username, role: "CLERK" });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe(`@${clerk.username} works for another book.`);
    const bookmaker = await put({ username: elsewhere.owner.username, role: "MANAGER" });
    expect(bookmaker.status).toBe(409);
    expect((await errorOf(bookmaker)).message).toBe(`@${elsewhere.owner.username} runs a book of his own.`);
    expect(await json<Staff[]>("GET", staffPath(book.bookmakerId), { token: book.owner.token })).toEqual([]);
  });

  it("a member of staff who opens a book of his own acts for his own book, whatever his role elsewhere", async () => {
    const book = await newBook({ coins: 10_000 });
    const theirs = await newEvent(book);
    const manager = await signIn("manager");
    await json("PUT", staffPath(book.bookmakerId), {
      token: book.owner.token,
      body: { username: manager.username, role: "MANAGER" },
    });
    await giveSubscription(manager.userId, "BOOKMAKER");
    const own = await json<{ bookmakerId: number }>("PUT", "/bookmakers/register", {
      token: manager.token,
      body: { name: freshBookName() },
    });
    await buyCoins(manager.userId, 1_000_000);
    const ownBook = { owner: manager, bookmakerId: own.bookmakerId, name: "" };
    const mine = await newEvent(ownBook);
    for (const path of ["/events", "/events?view=open"])
      expect((await json<BookmakerEvent[]>("GET", path, { token: manager.token })).map((e) => e.id)).toEqual([mine.id]);
    const board = await json<LiabilityBoard>("GET", "/events/liability", { token: manager.token });
    expect(board.events.map((e) => e.id)).toEqual([mine.id]);
    expect((await call("GET", `/events/${theirs.id}`, { token: manager.token })).status).toBe(404);
    expect((await call("POST", `/events/${theirs.id}/abandon`, { token: manager.token })).status).toBe(404);
  });

  it("a member of staff cannot ask to join the book as a punter", async () => {
    const book = await newBook();
    const clerk = await signIn("clerk");
    await json("PUT", staffPath(book.bookmakerId), {
      token: book.owner.token,
      body: { username: clerk.username, role: "CLERK" },
    });
    const res = await call("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: clerk.token });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("You work for this book: its staff cannot bet in it.");
    const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?1`)
      .bind(clerk.userId)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("a write D1 fails before or after it lands leaves the staff and the audit log as D1 says, both or neither", async () => {
    const book = await newBook();
    const clerk = await signIn("clerk");
    for (const fault of ["before", "after"] as const) {
      const count = async () =>
        (await env.DB.prepare(
          `SELECT (SELECT COUNT(*) FROM staff WHERE user_id = ?1) AS staff,
             (SELECT COUNT(*) FROM audit WHERE action = 'STAFF' AND user_id = ?1) AS audit`,
        )
          .bind(clerk.userId)
          .first<{ staff: number; audit: number }>())!;
      const before = await count();
      const res = await call("PUT", staffPath(book.bookmakerId), {
        token: book.owner.token,
        body: { username: clerk.username, role: "CLERK" },
        env: { DB: faultyD1(env.DB, inOrder(fault)) },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const after = await count();
      // Landed (after) or not (before): the row and its audit row together.
      expect(after.audit - before.audit).toBe(fault === "after" ? 1 : 0);
      expect(after.staff).toBe(fault === "after" ? 1 : before.staff);
    }
  });
});
