import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInitData } from "../identity/init-data";
import { call, json } from "../test/api";
import { newEvent, placeBet } from "../test/events";
import { expectChanged, poll, tagOf, type Lists } from "../test/polls";
import { giveSubscription, newBook, newPunter, pendingRequestId, type TestBook } from "../test/world";
import type { TestUser } from "../test/api";

// The lists of books and coins answer 304 from versions (migration 0011's triggers and the
// ledger's newest row): every write that changes what one shows changes its ETag, and a write
// that does not concern a caller leaves his alone. The events' lists: worker/events/http/polls.test.ts.

async function world() {
  const book = await newBook({ coins: 1000 });
  const punter = await newPunter(book, { coins: 100 });
  const other = await newPunter(book, { coins: 100 });
  return { book, punter, other };
}

const lists = (book: TestBook, punter: TestUser, other: TestUser): Lists => ({
  balances: ["/balances", book.owner.token],
  his: [`/balances/${book.bookmakerId}`, punter.token],
  others: [`/balances/${book.bookmakerId}`, other.token],
  directory: ["/bookmakers", punter.token],
  subscriptions: [`/subscriptions/active/${book.bookmakerId}`, punter.token],
});

const move = (book: TestBook, to: TestUser, route: "add" | "subtract", amount: number) =>
  json("POST", `/balances/${route}`, { token: book.owner.token, body: { userId: to.userId, balance: { amount } } });

/** Signs `user` in again under a new Telegram username, as after he renames himself in Telegram. */
async function renameInTelegram(user: TestUser, username: string) {
  const initData = await signInitData(
    { user: { id: user.userId, username, first_name: "renamed" }, authDate: Math.floor(Date.now() / 1000) },
    env.BOT_TOKEN,
  );
  await json("POST", "/auth/telegram", { body: { initData } });
}

describe("the lists of books and coins", () => {
  it("change their ETag with a coin move, a bet, a note, a join, a rename and a subscription, and only then", async () => {
    const { book, punter, other } = await world();
    const event = await newEvent(book);
    const l = lists(book, punter, other);
    const owner = book.owner.token;
    await expectChanged(l, "coins to him", () => move(book, punter, "add", 5), ["balances", "his", "directory"]);
    await expectChanged(l, "coins from the other", () => move(book, other, "subtract", 5), ["balances", "others"]);
    await expectChanged(l, "his bet", () => placeBet(punter, book, event, 0, 10), ["balances", "his", "directory"]);
    await expectChanged(
      l,
      "a note on him",
      () => json("POST", "/balances/addNote", { token: owner, body: { userId: punter.userId, note: "pays late" } }),
      ["balances"],
    );
    await expectChanged(l, "his new username", () => renameInTelegram(punter, `renamed_${punter.userId}`), [
      "balances",
    ]);
    await expectChanged(l, "the same username again", () => renameInTelegram(punter, `renamed_${punter.userId}`), []);
    const newcomer = await (await import("../test/api")).signIn("newcomer");
    await expectChanged(
      l,
      "a join request",
      () => json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: newcomer.token }),
      ["directory"],
    );
    const requestId = await pendingRequestId(book, newcomer.userId);
    await expectChanged(
      l,
      "an approval",
      () => json("POST", `/bookmakers/requests/${requestId}/approve`, { token: owner }),
      ["balances", "directory"],
    );
    await expectChanged(
      l,
      "a rename of the book",
      () => json("POST", "/bookmakers/rename", { token: owner, body: { name: `Renamed${book.bookmakerId}` } }),
      ["directory"],
    );
    await expectChanged(
      l,
      "new terms",
      () =>
        json("POST", `/bookmakers/${book.bookmakerId}/terms`, { token: owner, body: { terms: "Cash on Fridays." } }),
      ["directory"],
    );
    await expectChanged(l, "a what-if subscription", () => giveSubscription(book.owner.userId, "WHAT_IF"), [
      "subscriptions",
    ]);
  });

  it("stay as they were when D1 refuses the write: the triggers' bumps roll back with it", async () => {
    const { book, punter, other } = await world();
    const taken = await newBook();
    const l = lists(book, punter, other);
    await expectChanged(
      l,
      "a rename to a taken name",
      async () => {
        const res = await call("POST", "/bookmakers/rename", { token: book.owner.token, body: { name: taken.name } });
        expect(res.status).toBe(409);
      },
      [],
    );
  });

  it("change when a subscription runs out by itself, with no write", async () => {
    const { book, punter, other } = await world();
    const l = lists(book, punter, other);
    await giveSubscription(book.owner.userId, "BOOKMAKER", new Date(Date.now() + 1000).toISOString());
    const before = { directory: await tagOf(...l.directory), subscriptions: await tagOf(...l.subscriptions) };
    await new Promise((r) => setTimeout(r, 1100));
    const directory = await poll(...l.directory, before.directory);
    expect(directory.status).toBe(200);
    expect(
      (directory.body as { activeBookmakers: { bookmakerId: number; active: boolean }[] }).activeBookmakers.find(
        (b) => b.bookmakerId === book.bookmakerId,
      )?.active,
    ).toBe(false);
    const subscriptions = await poll(...l.subscriptions, before.subscriptions);
    expect(subscriptions.status).toBe(200);
    expect(
      (subscriptions.body as { subscription: { subscriptionType: string }; active: boolean }[]).find(
        (s) => s.subscription.subscriptionType === "BOOKMAKER",
      )?.active,
    ).toBe(false);
  });

  it("leave a punter's coins alone when another book moves coins, and answer what changed", async () => {
    const { book, punter, other } = await world();
    const l = lists(book, punter, other);
    const elsewhere = await newBook({ coins: 1000 });
    const stranger = await newPunter(elsewhere, { coins: 50 });
    await expectChanged(l, "coins in another book", () => move(elsewhere, stranger, "add", 5), []);
    const etag = await tagOf(...l.his);
    await move(book, punter, "add", 2.5);
    const after = await poll(...l.his, etag);
    expect(after.body).toEqual({ amount: 102.5, currency: "COIN" });
  });

  it("refuse what they refused before", async () => {
    const { punter } = await world();
    expect((await poll("/balances", punter.token)).status).toBe(404);
    expect((await poll("/balances/999999", punter.token)).status).toBe(404);
    expect((await poll("/subscriptions/active/999999", punter.token)).status).toBe(404);
  });
});
