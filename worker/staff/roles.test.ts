import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, BookmakerEvent, Multiple, Ticket } from "../contract";
import type { Power } from "../bookmakers/access";
import { signInitData } from "../identity/init-data";
import { call, freshUserId, json, signIn, type TestUser } from "../test/api";
import { documentedAnswers, undocumented, type Documented } from "../test/contract";
import { draftBody, newEvent, placeBet } from "../test/events";
import { commandUpdate, fakeBotApi, freshUpdateId, type FakeBotApi } from "../test/fake-telegram";
import { multipleBody, placeDouble } from "../test/multiples";
import { keepMessage } from "../notifications/outbox";
import {
  catalogueId,
  freshBookName,
  giveSubscription,
  newBook,
  newPunter,
  pendingRequestId,
  type TestBook,
} from "../test/world";

// Every caller against every route (docs/rules/staff.md "Staff" and "The counter"). Each row of BOOK_ROUTES is
// a route of the book's, the power it needs (bookmakers/access.ts) and a call made fresh for each
// caller (its own event, request or draft, set up by the owner), so an allowed role's call must
// succeed outright and a refused one is a 403 that wrote nothing; the book's punter, a stranger
// and a call without a token are refused too, writing nothing. Every other route is in
// NOT_THE_BOOKS, with a call of its own for each caller and the callers it serves. So a new route
// cannot slip past the question "may this caller do this", and every answer any of them gets must
// be one /openapi.json lists for the route: its success status, or an error status with its code.

type Role = "OWNER" | "MANAGER" | "CLERK";
const ROLES: Role[] = ["OWNER", "MANAGER", "CLERK"];
const MAY: Record<Role, Power[]> = {
  OWNER: ["EVENTS", "COUNTER", "TICKETS", "ODDS", "RESULTS", "PUNTERS", "COINS", "OWNER"],
  MANAGER: ["EVENTS", "COUNTER", "TICKETS", "ODDS", "RESULTS", "PUNTERS", "COINS"],
  CLERK: ["EVENTS", "COUNTER", "TICKETS"],
};

/** The book's staff, its approved punter, a signed-in user with nothing to do with it, no token. */
type Caller = Role | "PUNTER" | "STRANGER" | "NOBODY";
const CALLERS: Caller[] = [...ROLES, "PUNTER", "STRANGER", "NOBODY"];
const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== "NOBODY");
const isRole = (caller: Caller): caller is Role => (ROLES as Caller[]).includes(caller);

interface World {
  book: TestBook;
  punter: TestUser;
  staff: Record<Role, TestUser>;
}

interface Ask {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  route: string;
  power: Power;
  /** The call for one caller, against things of its own. */
  ask: (w: World) => Promise<Ask>;
  /** The status of an allowed call. */
  ok: number;
  /** The book's approved punter may make this call too (of his own: his bets, the prices he is offered). */
  punter?: true;
}

const owner = (w: World) => ({ token: w.book.owner.token });
const anEvent = (w: World, items?: [string, number][]) => newEvent(w.book, items ? { items } : {});
const aDraft = async (w: World) =>
  (await json<{ eventId: number }>("POST", "/drafts", { ...owner(w), body: draftBody(w.book) })).eventId;
const suspended = async (w: World) => {
  const e = await anEvent(w);
  await json("POST", `/events/${e.id}/draft`, owner(w));
  return e;
};
const settled = async (w: World) => {
  const e = await anEvent(w);
  await json("POST", `/events/${e.id}/finalize`, { ...owner(w), body: { winners: [e.items[0].id] } });
  return e;
};
const winner = (e: BookmakerEvent) => ({ winners: [e.items[0].id] });
const aRequest = async (w: World) => {
  const asker = await signIn("asker");
  await json("POST", `/bookmakers/${w.book.bookmakerId}/sign`, { token: asker.token });
  return pendingRequestId(w.book, asker.userId);
};
const counterBet = (w: World, e: BookmakerEvent) => ({
  bookmakerId: w.book.bookmakerId,
  eventId: e.id,
  eventItemId: e.items[0].id,
  amount: 5,
  coefficient: e.items[0].currCoefficient,
});
/** A counter ticket the owner took; `won`: its event settled with it the winner. */
const aTicket = async (w: World, won = false) => {
  const e = await anEvent(w);
  const ticket = await json<Ticket>("POST", "/counter/bets", { ...owner(w), body: counterBet(w, e) });
  if (won) await json("POST", `/events/${e.id}/finalize`, { ...owner(w), body: winner(e) });
  return ticket;
};
/** A price request of the punter's on a fresh event: 10 over his max stake of 5. */
const priceRequest = async (w: World) => {
  await json("PUT", "/balances/limits", {
    ...owner(w),
    body: { userId: w.punter.userId, maxStake: 5, maxPayoutPerEvent: null },
  });
  return json<{ id: number }>("POST", "/price-requests", {
    token: w.punter.token,
    body: { ...counterBet(w, await anEvent(w)), amount: 10 },
  });
};
/** The punter's request, offered by the owner. */
const priceOffer = async (w: World) => {
  const { id } = await priceRequest(w);
  await json("POST", `/price-requests/${id}/answer`, { ...owner(w), body: { action: "ACCEPT" } });
  return id;
};
const period = "from=2026-01-01&to=2026-01-31&tz=UTC";
const noLimits = { maxStake: null, maxPayoutPerEvent: null };

const BOOK_ROUTES: Row[] = [
  // The book's events, as they stand: every role.
  { route: "GET /events", power: "EVENTS", ok: 200, ask: async () => ({ path: "/events" }) },
  { route: "GET /events/liability", power: "EVENTS", ok: 200, ask: async () => ({ path: "/events/liability" }) },
  {
    route: "GET /events/{id}",
    power: "EVENTS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await anEvent(w)).id}` }),
  },
  {
    route: "GET /player/events/{bookmakerId}/{eventId}/prices",
    power: "EVENTS",
    ok: 200,
    punter: true,
    ask: async (w) => ({ path: `/player/events/${w.book.bookmakerId}/${(await anEvent(w)).id}/prices` }),
  },
  // The counter and its tickets: every role.
  {
    route: "POST /counter/bets",
    power: "COUNTER",
    ok: 201,
    ask: async (w) => {
      const e = await anEvent(w);
      return { path: "/counter/bets", body: counterBet(w, e) };
    },
  },
  {
    route: "GET /counter/tickets",
    power: "TICKETS",
    ok: 200,
    ask: async (w) => ({ path: `/counter/tickets?eventId=${(await anEvent(w)).id}` }),
  },
  {
    route: "GET /counter/tickets/{code}",
    power: "TICKETS",
    ok: 200,
    ask: async (w) => ({ path: `/counter/tickets/${(await aTicket(w)).code}` }),
  },
  {
    route: "POST /counter/tickets/{code}/pay",
    power: "TICKETS",
    ok: 200,
    ask: async (w) => ({ path: `/counter/tickets/${(await aTicket(w, true)).code}/pay` }),
  },
  // Prices and drafts.
  { route: "POST /drafts", power: "ODDS", ok: 200, ask: async (w) => ({ path: "/drafts", body: draftBody(w.book) }) },
  {
    route: "POST /drafts/{draftId}/updateCoefficients",
    power: "ODDS",
    ok: 200,
    ask: async (w) => ({
      path: `/drafts/${await aDraft(w)}/updateCoefficients`,
      body: {
        items: [
          { title: "Red Rum", coefficient: 2.5 },
          { title: "Shergar", coefficient: 3 },
        ],
      },
    }),
  },
  {
    route: "POST /events",
    power: "ODDS",
    ok: 200,
    ask: async (w) => ({ path: "/events", body: { draftId: await aDraft(w) } }),
  },
  {
    route: "POST /events/{id}/draft",
    power: "ODDS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await anEvent(w)).id}/draft` }),
  },
  {
    route: "POST /events/{id}/live",
    power: "ODDS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await suspended(w)).id}/live`, body: {} }),
  },
  {
    route: "POST /events/{id}/modifyDates",
    power: "ODDS",
    ok: 200,
    ask: async (w) => {
      const e = await anEvent(w);
      const later = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString();
      return {
        path: `/events/${e.id}/modifyDates`,
        body: { startDate: later(e.startDate), endDate: later(e.endDate) },
      };
    },
  },
  {
    route: "POST /events/{id}/save",
    power: "ODDS",
    ok: 200,
    ask: async (w) => {
      const e = await suspended(w);
      return { path: `/events/${e.id}/save`, body: { items: [{ id: e.items[0].id, coefficient: 2.5 }] } };
    },
  },
  {
    route: "POST /events/{id}/coefficients",
    power: "ODDS",
    ok: 200,
    ask: async (w) => {
      const e = await suspended(w);
      return { path: `/events/${e.id}/coefficients`, body: { items: [{ id: e.items[0].id, coefficient: 2.5 }] } };
    },
  },
  // Non-runners and results.
  {
    route: "POST /events/{id}/nr/{itemId}",
    power: "RESULTS",
    ok: 200,
    ask: async (w) => {
      const e = await anEvent(w, [
        ["A", 2],
        ["B", 3],
        ["C", 4],
      ]);
      return { path: `/events/${e.id}/nr/${e.items[2].id}`, body: {} };
    },
  },
  {
    route: "POST /events/{id}/finalize",
    power: "RESULTS",
    ok: 200,
    ask: async (w) => {
      const e = await anEvent(w);
      return { path: `/events/${e.id}/finalize`, body: winner(e) };
    },
  },
  {
    route: "POST /events/{id}/abandon",
    power: "RESULTS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await anEvent(w)).id}/abandon` }),
  },
  {
    route: "POST /events/{id}/unsettle",
    power: "RESULTS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await settled(w)).id}/unsettle` }),
  },
  {
    route: "GET /events/{id}/settlement",
    power: "RESULTS",
    ok: 200,
    ask: async (w) => ({ path: `/events/${(await settled(w)).id}/settlement` }),
  },
  // Punters and their coins.
  { route: "GET /bookmakers/requests", power: "PUNTERS", ok: 200, ask: async () => ({ path: "/bookmakers/requests" }) },
  {
    route: "POST /bookmakers/requests/{id}/approve",
    power: "PUNTERS",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/requests/${await aRequest(w)}/approve` }),
  },
  {
    route: "POST /bookmakers/requests/{id}/reject",
    power: "PUNTERS",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/requests/${await aRequest(w)}/reject` }),
  },
  {
    route: "POST /balances/addNote",
    power: "PUNTERS",
    ok: 200,
    ask: async (w) => ({ path: "/balances/addNote", body: { userId: w.punter.userId, note: "regular" } }),
  },
  {
    route: "GET /bets/{bookmakerId}",
    power: "PUNTERS",
    ok: 200,
    punter: true,
    ask: async (w) => ({ path: `/bets/${w.book.bookmakerId}?userId=${w.punter.userId}` }),
  },
  {
    route: "GET /bets/{bookmakerId}/",
    power: "PUNTERS",
    ok: 200,
    punter: true,
    ask: async (w) => ({ path: `/bets/${w.book.bookmakerId}/?userId=${w.punter.userId}` }),
  },
  {
    route: "GET /bets/{bookmakerId}/multiples",
    power: "PUNTERS",
    ok: 200,
    punter: true,
    ask: async (w) => ({ path: `/bets/${w.book.bookmakerId}/multiples?userId=${w.punter.userId}` }),
  },
  { route: "GET /balances", power: "COINS", ok: 200, ask: async () => ({ path: "/balances" }) },
  {
    route: "POST /balances/add",
    power: "COINS",
    ok: 200,
    ask: async (w) => ({ path: "/balances/add", body: { userId: w.punter.userId, balance: { amount: 1 } } }),
  },
  {
    route: "POST /balances/subtract",
    power: "COINS",
    ok: 200,
    ask: async (w) => ({ path: "/balances/subtract", body: { userId: w.punter.userId, balance: { amount: 1 } } }),
  },
  // The owner's alone.
  {
    route: "POST /bookmakers/rename",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: "/bookmakers/rename", body: { name: w.book.name } }),
  },
  {
    route: "POST /bookmakers/{bookmakerId}/terms",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/${w.book.bookmakerId}/terms`, body: { terms: "Cash only." } }),
  },
  {
    route: "GET /bookmakers/{bookmakerId}/staff",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/${w.book.bookmakerId}/staff` }),
  },
  {
    route: "PUT /bookmakers/{bookmakerId}/staff",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({
      path: `/bookmakers/${w.book.bookmakerId}/staff`,
      body: { username: (await signIn("hire")).username, role: "CLERK" },
    }),
  },
  {
    route: "DELETE /bookmakers/{bookmakerId}/staff/{userId}",
    power: "OWNER",
    ok: 204,
    ask: async (w) => {
      const hire = await signIn("hire");
      await json("PUT", `/bookmakers/${w.book.bookmakerId}/staff`, {
        ...owner(w),
        body: { username: hire.username, role: "CLERK" },
      });
      return { path: `/bookmakers/${w.book.bookmakerId}/staff/${hire.userId}` };
    },
  },
  {
    route: "PUT /bookmakers/{bookmakerId}/limits",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({
      path: `/bookmakers/${w.book.bookmakerId}/limits`,
      body: { ...noLimits, maxMultiplesPayout: null },
    }),
  },
  {
    route: "PUT /balances/limits",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: "/balances/limits", body: { userId: w.punter.userId, ...noLimits } }),
  },
  {
    route: "GET /bookmakers/{bookmakerId}/cashout",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/${w.book.bookmakerId}/cashout` }),
  },
  {
    route: "PUT /bookmakers/{bookmakerId}/cashout",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: `/bookmakers/${w.book.bookmakerId}/cashout`, body: { enabled: false, margin: 0.05 } }),
  },
  { route: "GET /figures", power: "OWNER", ok: 200, ask: async () => ({ path: `/figures?${period}` }) },
  { route: "GET /figures.csv", power: "OWNER", ok: 200, ask: async () => ({ path: `/figures.csv?${period}` }) },
  { route: "GET /figures/daily", power: "OWNER", ok: 200, ask: async () => ({ path: `/figures/daily?${period}` }) },
  {
    route: "GET /figures/punters/{userId}",
    power: "OWNER",
    ok: 200,
    ask: async (w) => ({ path: `/figures/punters/${w.punter.userId}?${period}` }),
  },
  {
    route: "GET /figures/link/{file}",
    power: "OWNER",
    ok: 200,
    ask: async () => ({ path: `/figures/link/figures?${period}` }),
  },
  {
    route: "GET /balances/ledger.csv",
    power: "OWNER",
    ok: 200,
    ask: async () => ({ path: `/balances/ledger.csv?${period}` }),
  },
  { route: "GET /balances/ledger", power: "OWNER", ok: 200, ask: async () => ({ path: "/balances/ledger" }) },
  { route: "GET /audit", power: "OWNER", ok: 200, ask: async () => ({ path: "/audit" }) },
  // Price requests: answered by the owner or a manager.
  {
    route: "POST /price-requests/{id}/answer",
    power: "ODDS",
    ok: 200,
    ask: async (w) => ({ path: `/price-requests/${(await priceRequest(w)).id}/answer`, body: { action: "DECLINE" } }),
  },
  { route: "GET /audit.csv", power: "OWNER", ok: 200, ask: async () => ({ path: "/audit.csv" }) },
  { route: "GET /audit/link", power: "OWNER", ok: 200, ask: async () => ({ path: "/audit/link" }) },
];

interface OtherRow {
  route: string;
  /** Why it is not a book's to guard. */
  why: string;
  /** The call for one caller (`as`: his user, none without a token), against things of the world. */
  ask: (w: World, as: { caller: Caller; user?: TestUser }) => Promise<Ask>;
  /** The callers it serves: each gets its success answer, every other caller a refusal. */
  serves: Caller[];
}

const PUNTER_ONLY: Caller[] = ["PUNTER"];
/** A call to a fixed path, without a body. */
const plain = (p: string) => async (): Promise<Ask> => ({ path: p });
/** A bet of 1 coin on the event's first outcome at its odds now, for `POST /bets`. */
const betBody = (w: World, e: BookmakerEvent) => ({
  bookmakerId: w.book.bookmakerId,
  eventId: e.id,
  eventItemId: e.items[0].id,
  amount: 1,
  coefficient: e.items[0].currCoefficient,
});
const cashOutOn = (w: World) =>
  json("PUT", `/bookmakers/${w.book.bookmakerId}/cashout`, { ...owner(w), body: { enabled: true, margin: 0.05 } });
/** An open bet of the punter's, cash out on. */
const punterBet = async (w: World) => {
  await cashOutOn(w);
  return placeBet(w.punter, w.book, await anEvent(w), 0, 5);
};
/** An open double of the punter's, cash out on. */
const punterDouble = async (w: World): Promise<Multiple> => {
  await cashOutOn(w);
  return placeDouble(w.punter, w.book, await anEvent(w), await anEvent(w), 1);
};
const offerOf = async (w: World, offerPath: string) =>
  (await json<{ value: number }>("GET", offerPath, { token: w.punter.token })).value;
const invoice = async (w: World, type: string) =>
  (
    await json<{ invoiceId: string }>("POST", "/subscriptions/purchase", {
      ...owner(w),
      body: { subscriptionId: await catalogueId(type) },
    })
  ).invoiceId;

const NOT_THE_BOOKS: OtherRow[] = [
  { route: "GET /health", why: "public", serves: CALLERS, ask: plain("/health") },
  { route: "GET /config", why: "public", serves: CALLERS, ask: plain("/config") },
  { route: "GET /openapi.json", why: "public", serves: CALLERS, ask: plain("/openapi.json") },
  {
    route: "POST /auth/telegram",
    why: "signing in",
    serves: CALLERS,
    ask: async () => {
      const id = freshUserId();
      const user = { id, username: `newcomer_${id}`, first_name: "Newcomer" };
      return {
        path: "/auth/telegram",
        body: { initData: await signInitData({ user, authDate: Math.floor(Date.now() / 1000) }, env.BOT_TOKEN) },
      };
    },
  },
  // Dev mode (on in tests): anyone, as a developer's browser.
  { route: "GET /docs", why: "dev mode", serves: CALLERS, ask: plain("/docs") },
  {
    route: "GET /dev/init-data",
    why: "dev mode",
    serves: CALLERS,
    ask: async () => ({ path: `/dev/init-data?username=dev_${freshUserId()}` }),
  },
  {
    route: "GET /dev/outbox",
    why: "dev mode",
    serves: CALLERS,
    ask: async (w, { user }) => ({ path: `/dev/outbox?userId=${(user ?? w.punter).userId}` }),
  },
  {
    route: "POST /dev/outbox/{messageId}/press",
    why: "dev mode: the message's recipient presses",
    serves: CALLERS,
    ask: async (w) => {
      const messageId = await keepMessage(env.DB, "OUTBOX", w.punter.userId, "A button", [
        { text: "Press", callbackData: "pr:1:X" },
      ]);
      return { path: `/dev/outbox/${messageId}/press`, body: { callbackData: "pr:1:X" } };
    },
  },
  {
    route: "POST /dev/pay/{invoiceId}",
    why: "dev mode",
    serves: CALLERS,
    ask: async (w) => ({ path: `/dev/pay/${await invoice(w, "ADD_BALANCE_1000")}` }),
  },
  // Telegram's: an update with its secret, from the caller's Telegram account (a fresh one without a token).
  {
    route: "POST /telegram/webhook",
    why: "Telegram's",
    serves: CALLERS,
    ask: async (w, { user }) => ({
      path: "/telegram/webhook",
      headers: { "X-Telegram-Bot-Api-Secret-Token": env.WEBHOOK_SECRET },
      body: {
        update_id: freshUpdateId(),
        ...commandUpdate(user?.userId ?? freshUserId(), `/start bk_${w.book.bookmakerId}`),
      },
    }),
  },
  // The caller himself.
  {
    route: "GET /bookmakers/authorizeMe",
    why: "the caller himself",
    serves: SIGNED_IN,
    ask: plain("/bookmakers/authorizeMe"),
  },
  { route: "GET /bookmakers", why: "the directory a punter reads", serves: SIGNED_IN, ask: plain("/bookmakers") },
  {
    route: "PUT /bookmakers/register",
    why: "opening one's own book (the stranger holds a BOOKMAKER subscription)",
    serves: ["STRANGER"],
    ask: async (_w, { caller, user }) => {
      if (caller === "STRANGER") await giveSubscription(user!.userId, "BOOKMAKER");
      return { path: "/bookmakers/register", body: { name: freshBookName() } };
    },
  },
  {
    route: "POST /bookmakers/{id}/sign",
    why: "a punter asking to join (staff refused: staff.test.ts)",
    serves: ["STRANGER"],
    ask: async (w) => ({ path: `/bookmakers/${w.book.bookmakerId}/sign` }),
  },
  { route: "GET /events/types", why: "reference", serves: SIGNED_IN, ask: plain("/events/types") },
  { route: "GET /countries", why: "reference", serves: SIGNED_IN, ask: plain("/countries") },
  { route: "GET /subscriptions", why: "the catalogue", serves: SIGNED_IN, ask: plain("/subscriptions") },
  {
    route: "GET /subscriptions/mine",
    why: "the caller's own subscriptions",
    serves: SIGNED_IN,
    ask: plain("/subscriptions/mine"),
  },
  {
    route: "GET /subscriptions/active/{bookmakerId}",
    why: "the caller's own subscriptions",
    serves: SIGNED_IN,
    ask: async (w) => ({ path: `/subscriptions/active/${w.book.bookmakerId}` }),
  },
  {
    route: "POST /subscriptions/purchase",
    why: "the caller's own purchase (coins: a book's)",
    serves: ["OWNER"],
    ask: async () => ({
      path: "/subscriptions/purchase",
      body: { subscriptionId: await catalogueId("ADD_BALANCE_1000") },
    }),
  },
  {
    route: "POST /subscriptions/invoice/{subscriptionId}",
    why: "the caller's own purchase (BOOKMAKER: anyone's but a holder's)",
    serves: ["MANAGER", "CLERK", "PUNTER", "STRANGER"],
    ask: async () => ({ path: `/subscriptions/invoice/${await catalogueId("BOOKMAKER")}` }),
  },
  {
    route: "GET /me/notifications",
    why: "the caller's own settings",
    serves: SIGNED_IN,
    ask: plain("/me/notifications"),
  },
  {
    route: "PUT /me/notifications",
    why: "the caller's own settings",
    serves: SIGNED_IN,
    ask: async () => ({ path: "/me/notifications", body: { results: true } }),
  },
  {
    route: "PUT /me/language",
    why: "the caller's own settings",
    serves: SIGNED_IN,
    ask: async () => ({ path: "/me/language", body: { language: null } }),
  },
  {
    route: "POST /share",
    why: "a card of a book the caller is in: its owner, staff or approved punter",
    serves: ["OWNER", "MANAGER", "CLERK", "PUNTER"],
    ask: async (w) => {
      bot.answer("getMe", () => ({ body: { ok: true, result: { id: 1, is_bot: true, username: "BookieBot" } } }));
      bot.answer("savePreparedInlineMessage", () => ({ body: { ok: true, result: { id: "p", expiration_date: 1 } } }));
      return { path: "/share", body: { kind: "INVITE", id: w.book.bookmakerId } };
    },
  },
  // A punter's own, with the book.
  {
    route: "GET /figures/{bookmakerId}/mine",
    why: "a punter's own figures",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: `/figures/${w.book.bookmakerId}/mine?${period}` }),
  },
  {
    route: "GET /events/{id}/book",
    why: "whose book a published event is in (a shared link's)",
    serves: SIGNED_IN,
    ask: async (w) => ({ path: `/events/${(await anEvent(w)).id}/book` }),
  },
  {
    route: "GET /balances/{bookmakerId}",
    why: "the caller's own coins with the book (none: 0)",
    serves: SIGNED_IN,
    ask: async (w) => ({ path: `/balances/${w.book.bookmakerId}` }),
  },
  {
    route: "GET /player/events/{bookmakerId}",
    why: "a punter's events",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: `/player/events/${w.book.bookmakerId}` }),
  },
  {
    route: "POST /bets",
    why: "a punter's bet (staff are never punters)",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: "/bets", body: betBody(w, await anEvent(w)) }),
  },
  {
    route: "POST /bets/multiple",
    why: "a punter's bet (staff are never punters)",
    serves: PUNTER_ONLY,
    ask: async (w) => {
      const legs: [BookmakerEvent, number][] = [
        [await anEvent(w), 0],
        [await anEvent(w), 0],
      ];
      return { path: "/bets/multiple", body: multipleBody(w.book, "DOUBLE", legs, 1) };
    },
  },
  {
    route: "GET /bets/{bookmakerId}/cashouts",
    why: "a punter's own offers",
    serves: SIGNED_IN,
    ask: async (w) => {
      await punterBet(w);
      return { path: `/bets/${w.book.bookmakerId}/cashouts` };
    },
  },
  {
    route: "POST /price-requests",
    why: "a punter's request (staff are never punters)",
    serves: PUNTER_ONLY,
    ask: async (w) => {
      await json("PUT", "/balances/limits", {
        ...owner(w),
        body: { userId: w.punter.userId, maxStake: 5, maxPayoutPerEvent: null },
      });
      return { path: "/price-requests", body: { ...counterBet(w, await anEvent(w)), amount: 10 } };
    },
  },
  {
    route: "GET /price-requests",
    why: "the book's to its owner and managers, the caller's own to anyone else",
    serves: SIGNED_IN,
    ask: plain("/price-requests"),
  },
  {
    route: "POST /price-requests/{id}/take",
    why: "the punter who asked",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: `/price-requests/${await priceOffer(w)}/take` }),
  },
  {
    route: "GET /bets/{betId}/cashout",
    why: "a punter's own bet",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: `/bets/${(await punterBet(w)).betId}/cashout` }),
  },
  {
    route: "POST /bets/{betId}/cashout",
    why: "a punter's own bet",
    serves: PUNTER_ONLY,
    ask: async (w) => {
      const { betId } = await punterBet(w);
      return { path: `/bets/${betId}/cashout`, body: { value: await offerOf(w, `/bets/${betId}/cashout`) } };
    },
  },
  {
    route: "GET /bets/multiple/{multipleId}/cashout",
    why: "a punter's own multiple",
    serves: PUNTER_ONLY,
    ask: async (w) => ({ path: `/bets/multiple/${(await punterDouble(w)).multipleId}/cashout` }),
  },
  {
    route: "POST /bets/multiple/{multipleId}/cashout",
    why: "a punter's own multiple",
    serves: PUNTER_ONLY,
    ask: async (w) => {
      const offer = `/bets/multiple/${(await punterDouble(w)).multipleId}/cashout`;
      return { path: offer, body: { value: await offerOf(w, offer) } };
    },
  },
];

const methodOf = (route: string) => route.split(" ")[0];

let w: World;
let contract: Map<string, Documented>;
let bot: FakeBotApi;
beforeAll(async () => {
  // Telegram as the outside world: the webhook's /start answers through it, and so do the bot's messages.
  bot = fakeBotApi();
  contract = await documentedAnswers();
  const book = await newBook({ coins: 10_000 });
  const punter = await newPunter(book, { coins: 1_000 });
  const hire = async (role: "MANAGER" | "CLERK") => {
    const user = await signIn(role.toLowerCase());
    await json("PUT", `/bookmakers/${book.bookmakerId}/staff`, {
      token: book.owner.token,
      body: { username: user.username, role },
    });
    return user;
  };
  w = { book, punter, staff: { OWNER: book.owner, MANAGER: await hire("MANAGER"), CLERK: await hire("CLERK") } };
});
afterAll(() => bot.restore());

/** Each caller's user for one route: a stranger of his own, signed in for it (none without a token). */
const usersOf = async (): Promise<Record<Caller, TestUser | undefined>> => ({
  ...w.staff,
  PUNTER: w.punter,
  STRANGER: await signIn("stranger"),
  NOBODY: undefined,
});

/** The answer is one the document lists for the route; every such miss is reported, not only the first. */
const expectDocumented = async (route: string, caller: Caller, res: Response) =>
  expect.soft(await undocumented(contract, route, res), `${route} answered ${caller}`).toBeNull();

// workerd and D1 on a shared, slow machine: a route's six calls and their set-ups take a while.
const SLOW = { timeout: 60_000 };

describe("each caller against each route", () => {
  it("the tables hold every route of the API", async () => {
    const listed = [...BOOK_ROUTES, ...NOT_THE_BOOKS].map((r) => r.route);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...contract.keys()].sort()).toEqual([...listed].sort());
  });

  for (const row of BOOK_ROUTES)
    it(`${row.route} (${row.power})`, SLOW, async () => {
      const users = await usersOf();
      // The roles each get a target of their own (an allowed call uses it up); the book's punter,
      // the stranger and no token share one, which their refusals leave as it was.
      let outsiders: Ask | undefined;
      for (const caller of CALLERS) {
        const { path, ...options } = isRole(caller) ? await row.ask(w) : (outsiders ??= await row.ask(w));
        const before = await auditRows(w.book.bookmakerId);
        const res = await call(methodOf(row.route), path, { ...options, token: users[caller]?.token });
        await expectDocumented(row.route, caller, res);
        const said = `${caller}: ${res.status} ${await res.clone().text()}`;
        if (caller === "PUNTER" && row.punter) {
          expect(res.status, said).toBe(row.ok);
          continue;
        }
        const allowed = isRole(caller) && MAY[caller].includes(row.power);
        if (allowed) {
          expect(res.status, said).toBe(row.ok);
          continue;
        }
        if (caller === "NOBODY") expect(res.status, said).toBe(401);
        // Not the book's: never served.
        else expect(res.ok, said).toBe(false);
        if (isRole(caller)) {
          expect(res.status, said).toBe(403);
          const { error } = await res.json<{ error: { code: string; message: string } }>();
          expect(error.code).toBe("FORBIDDEN");
          // A clerk is told who may; the owner's own routes say it is the bookmaker's.
          if (row.power === "OWNER") expect(error.message).toMatch(/^(Only the bookmaker|A clerk cannot)/);
          else expect(error.message).toBe("A clerk cannot do this: ask the bookmaker or a manager.");
        }
        expect(await auditRows(w.book.bookmakerId), `${caller}: a refusal writes nothing`).toBe(before);
      }
    });

  for (const row of NOT_THE_BOOKS)
    it(`${row.route} (${row.why})`, SLOW, async () => {
      const users = await usersOf();
      const served: Caller[] = [];
      const answers: string[] = [];
      for (const caller of CALLERS) {
        const { path, ...options } = await row.ask(w, { caller, user: users[caller] });
        const res = await call(methodOf(row.route), path, { ...options, token: users[caller]?.token });
        await expectDocumented(row.route, caller, res);
        if (res.ok) served.push(caller);
        answers.push(`${caller}: ${res.status} ${(await res.clone().text()).slice(0, 160)}`);
      }
      expect(served, answers.join("\n")).toEqual(row.serves);
    });
});

const auditRows = async (bookmakerId: number) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit WHERE bookmaker_id = ?1`)
    .bind(bookmakerId)
    .first<{ n: number }>())!.n;

describe("staff at work", () => {
  it("the audit's actor is the staff member who did it", async () => {
    const e = await anEvent(w);
    await json("POST", `/events/${e.id}/finalize`, { token: w.staff.MANAGER.token, body: winner(e) });
    await json("POST", "/balances/add", {
      token: w.staff.MANAGER.token,
      body: { userId: w.punter.userId, balance: { amount: 2 } },
    });
    const log = await json<AuditEntry[]>("GET", `/audit?eventId=${e.id}`, owner(w));
    expect(log.find((r) => r.action === "RESULT")?.actor).toMatchObject({ userId: w.staff.MANAGER.userId });
    const coins = (await json<AuditEntry[]>("GET", "/audit", owner(w))).find((r) => r.action === "COINS_ADDED");
    expect(coins?.actor).toMatchObject({ userId: w.staff.MANAGER.userId });
  });

  it("a removed clerk's session loses access at once, and a manager's role cut to clerk at once", async () => {
    const clerk = await signIn("leaver");
    const staffPath = `/bookmakers/${w.book.bookmakerId}/staff`;
    await json("PUT", staffPath, { ...owner(w), body: { username: clerk.username, role: "MANAGER" } });
    const e = await anEvent(w);
    expect((await call("GET", `/events/${e.id}`, { token: clerk.token })).status).toBe(200);
    await json("PUT", staffPath, { ...owner(w), body: { username: clerk.username, role: "CLERK" } });
    expect((await call("POST", `/events/${e.id}/finalize`, { token: clerk.token, body: winner(e) })).status).toBe(403);
    expect((await call("DELETE", `${staffPath}/${clerk.userId}`, owner(w))).status).toBe(204);
    expect((await call("GET", `/events/${e.id}`, { token: clerk.token })).status).toBe(404);
    expect((await call("GET", "/events", { token: clerk.token })).status).toBe(404);
  });

  it("staff of one book reach nothing of another's", async () => {
    const other = await newBook({ coins: 100 });
    const e = await newEvent(other);
    const theirs = await newPunter(other, { coins: 10 });
    await placeBet(theirs, other, e, 0, 1);
    for (const role of ["MANAGER", "CLERK"] as const) {
      const token = w.staff[role].token;
      expect((await call("GET", `/events/${e.id}`, { token })).status).toBe(404);
      expect((await call("POST", `/events/${e.id}/abandon`, { token })).status).toBe(role === "CLERK" ? 403 : 404);
      expect((await call("GET", `/bets/${other.bookmakerId}?userId=${theirs.userId}`, { token })).status).toBe(403);
      expect((await call("GET", `/player/events/${other.bookmakerId}/${e.id}/prices`, { token })).status).toBe(403);
    }
    expect((await json<BookmakerEvent>("GET", `/events/${e.id}`, { token: other.owner.token })).status).toBe(
      "READY_FOR_BETS",
    );
  });
});
