import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bookmaker, BookmakerLists } from "../contract";
import { call, json, signIn } from "../test/api";
import { giveSubscription, newBook, newPunter, pendingRequestId } from "../test/world";

const lists = (token: string) => json<BookmakerLists>("GET", "/bookmakers", { token });
const find = (list: Bookmaker[], id: number) => list.find((b) => b.bookmakerId === id);

describe("bookmaker lists", () => {
  it("shows a stranger every other bookmaker as inactive (for search), never his own", async () => {
    const mine = await newBook();
    const other = await newBook();
    const { activeBookmakers, inactiveBookmakers } = await lists(mine.owner.token);
    expect(find(activeBookmakers, other.bookmakerId)).toBeUndefined();
    expect(find(inactiveBookmakers, other.bookmakerId)).toMatchObject({
      bookmakerName: other.name,
      bookmakerJoinDate: null,
      subscribers: 0,
      balance: { amount: 0, currency: "COIN" },
      active: true,
    });
    expect(find(inactiveBookmakers, other.bookmakerId)).not.toHaveProperty("joinRequestStatus");
    expect([...activeBookmakers, ...inactiveBookmakers].some((b) => b.bookmakerId === mine.bookmakerId)).toBe(false);
  });

  it("moves a bookmaker to the active list with CREATED once asked, and shows coins and join date once approved", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await signIn("punter");
    const card = await json<Bookmaker>("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    expect(card.joinRequestStatus).toBe("CREATED");
    expect(find((await lists(punter.token)).activeBookmakers, book.bookmakerId)?.joinRequestStatus).toBe("CREATED");

    await json("POST", `/bookmakers/requests/${await pendingRequestId(book, punter.userId)}/approve`, {
      token: book.owner.token,
    });
    await json("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 12.5 } },
    });
    const approved = find((await lists(punter.token)).activeBookmakers, book.bookmakerId)!;
    expect(approved).toMatchObject({
      joinRequestStatus: "APPROVED",
      subscribers: 1,
      balance: { amount: 12.5, currency: "COIN" },
    });
    expect(Date.parse(approved.bookmakerJoinDate!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("marks a bookmaker whose subscription ended, or who never had one, as not active", async () => {
    const expired = await newBook({ active: false });
    await giveSubscription(expired.owner.userId, "BOOKMAKER", new Date(Date.now() - 1000).toISOString());
    // A profile registered before registering needed a subscription.
    const never = await newBook({ active: false });
    await env.DB.prepare(`DELETE FROM user_subscriptions WHERE user_id = ?1`).bind(never.owner.userId).run();
    const viewer = await signIn("viewer");
    const { inactiveBookmakers } = await lists(viewer.token);
    expect(find(inactiveBookmakers, expired.bookmakerId)?.active).toBe(false);
    expect(find(inactiveBookmakers, never.bookmakerId)?.active).toBe(false);
  });
});

describe("join requests", () => {
  it("withdraws a pending request when the punter signs again", async () => {
    const book = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const card = await json<Bookmaker>("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    expect(card).not.toHaveProperty("joinRequestStatus");
    expect(await json("GET", "/bookmakers/requests", { token: book.owner.token })).toEqual([]);
  });

  it("lists pending requests to the owner with the punter's name", async () => {
    const book = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const requests = await json("GET", "/bookmakers/requests", { token: book.owner.token });
    expect(requests).toEqual([
      {
        joinRequest: { id: expect.any(Number), status: "CREATED" },
        user: { internalId: punter.userId, username: punter.username },
      },
    ]);
  });

  it("lets a declined punter see DECLINED and ask again", async () => {
    const book = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const id = await pendingRequestId(book, punter.userId);
    expect(await json("POST", `/bookmakers/requests/${id}/reject`, { token: book.owner.token })).toEqual({
      joinRequest: { id, status: "DECLINED" },
    });
    expect(find((await lists(punter.token)).inactiveBookmakers, book.bookmakerId)?.joinRequestStatus).toBe("DECLINED");
    const again = await json<Bookmaker>("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    expect(again.joinRequestStatus).toBe("CREATED");
  });

  it("answers 409 to an approved punter who signs again, and keeps him approved", async () => {
    const book = await newBook();
    const punter = await newPunter(book);
    expect((await call("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token })).status).toBe(409);
    expect(find((await lists(punter.token)).activeBookmakers, book.bookmakerId)?.joinRequestStatus).toBe("APPROVED");
  });

  it("refuses joining one's own book, and an unknown bookmaker", async () => {
    const book = await newBook();
    expect((await call("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: book.owner.token })).status).toBe(403);
    expect((await call("POST", `/bookmakers/99999999/sign`, { token: book.owner.token })).status).toBe(404);
    expect((await call("POST", `/bookmakers/-1/sign`, { token: book.owner.token })).status).toBe(400);
  });

  it("lets only the owner approve or reject: another bookmaker and the punter himself get 404", async () => {
    const book = await newBook();
    const other = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const id = await pendingRequestId(book, punter.userId);
    for (const token of [other.owner.token, punter.token]) {
      expect((await call("POST", `/bookmakers/requests/${id}/approve`, { token })).status).toBe(404);
      expect((await call("POST", `/bookmakers/requests/${id}/reject`, { token })).status).toBe(404);
    }
    const row = await env.DB.prepare("SELECT status FROM memberships WHERE id = ?1").bind(id).first();
    expect(row).toEqual({ status: "CREATED" });
  });

  it("answers 409 to approving a request twice, or rejecting an approved one", async () => {
    const book = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const id = await pendingRequestId(book, punter.userId);
    await json("POST", `/bookmakers/requests/${id}/approve`, { token: book.owner.token });
    expect((await call("POST", `/bookmakers/requests/${id}/approve`, { token: book.owner.token })).status).toBe(409);
    expect((await call("POST", `/bookmakers/requests/${id}/reject`, { token: book.owner.token })).status).toBe(409);
  });

  it("answers 404 to a user without a profile asking for requests", async () => {
    const user = await signIn("nobody");
    expect((await call("GET", "/bookmakers/requests", { token: user.token })).status).toBe(404);
  });

  it("approves exactly once when two approvals race", async () => {
    const book = await newBook();
    const punter = await signIn("punter");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: punter.token });
    const id = await pendingRequestId(book, punter.userId);
    const statuses = await Promise.all(
      [1, 2, 3].map(() =>
        call("POST", `/bookmakers/requests/${id}/approve`, { token: book.owner.token }).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 409, 409]);
  });
});
