import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, BookmakerEvent, Ticket } from "../contract";
import type { Power } from "../bookmakers/access";
import { call, json, signIn, type TestUser } from "../test/api";
import { draftBody, newEvent, placeBet } from "../test/events";
import { newBook, newPunter, pendingRequestId, type TestBook } from "../test/world";

// Roles against every route (API.md "Staff and counter bets"): each row is a route of the book's,
// the power it needs (bookmakers/access.ts) and a call made fresh for each role (its own event,
// request or draft, set up by the owner), so an allowed call must succeed outright and a refused
// one is a 403 that wrote nothing. Every route of the API is in this table or in NOT_THE_BOOKS,
// so a new route cannot slip past the question "may this role do this".

type Role = "OWNER" | "MANAGER" | "CLERK";
const ROLES: Role[] = ["OWNER", "MANAGER", "CLERK"];
const MAY: Record<Role, Power[]> = {
  OWNER: ["EVENTS", "COUNTER", "TICKETS", "ODDS", "RESULTS", "PUNTERS", "COINS", "OWNER"],
  MANAGER: ["EVENTS", "COUNTER", "TICKETS", "ODDS", "RESULTS", "PUNTERS", "COINS"],
  CLERK: ["EVENTS", "COUNTER", "TICKETS"],
};

interface World {
  book: TestBook;
  punter: TestUser;
  staff: Record<Role, TestUser>;
}

interface Ask {
  path: string;
  body?: unknown;
}

interface Row {
  route: string;
  power: Power;
  /** The call for one role, against things of its own. */
  ask: (w: World) => Promise<Ask>;
  /** The status of an allowed call. */
  ok: number;
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
    ask: async (w) => ({ path: `/bets/${w.book.bookmakerId}?userId=${w.punter.userId}` }),
  },
  {
    route: "GET /bets/{bookmakerId}/",
    power: "PUNTERS",
    ok: 200,
    ask: async (w) => ({ path: `/bets/${w.book.bookmakerId}/?userId=${w.punter.userId}` }),
  },
  {
    route: "GET /bets/{bookmakerId}/multiples",
    power: "PUNTERS",
    ok: 200,
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
  { route: "GET /audit.csv", power: "OWNER", ok: 200, ask: async () => ({ path: "/audit.csv" }) },
  { route: "GET /audit/link", power: "OWNER", ok: 200, ask: async () => ({ path: "/audit/link" }) },
];

/** Routes that are not a book's to guard, and why. */
const NOT_THE_BOOKS: Record<string, string> = {
  "GET /health": "public",
  "GET /config": "public",
  "POST /auth/telegram": "signing in",
  "GET /dev/init-data": "dev mode",
  "GET /dev/outbox": "dev mode",
  "POST /dev/pay/{invoiceId}": "dev mode",
  "GET /bookmakers/authorizeMe": "the caller himself",
  "GET /bookmakers": "the directory a punter reads",
  "PUT /bookmakers/register": "opening one's own book",
  "POST /bookmakers/{id}/sign": "a punter asking to join (staff refused: staff.test.ts)",
  "GET /figures/{bookmakerId}/mine": "a punter's own figures",
  "GET /balances/{bookmakerId}": "a punter's own coins",
  "GET /events/types": "reference",
  "GET /countries": "reference",
  "GET /player/events/{bookmakerId}": "a punter's events",
  "GET /bets/{bookmakerId}/cashouts": "a punter's own offers",
  "GET /bets/{betId}/cashout": "a punter's own bet",
  "POST /bets/{betId}/cashout": "a punter's own bet",
  "GET /bets/multiple/{multipleId}/cashout": "a punter's own multiple",
  "POST /bets/multiple/{multipleId}/cashout": "a punter's own multiple",
  "POST /bets/multiple": "a punter's bet (staff are never punters)",
  "POST /bets": "a punter's bet (staff are never punters)",
  "GET /subscriptions": "the catalogue",
  "GET /subscriptions/mine": "the caller's own subscriptions",
  "GET /subscriptions/active/{bookmakerId}": "the caller's own subscriptions",
  "POST /subscriptions/purchase": "the caller's own purchase",
  "POST /subscriptions/invoice/{subscriptionId}": "the caller's own purchase",
  "GET /me/notifications": "the caller's own settings",
  "PUT /me/notifications": "the caller's own settings",
  "PUT /me/language": "the caller's own settings",
  "POST /telegram/webhook": "Telegram's",
  "GET /openapi.json": "public",
  "GET /docs": "dev mode",
};

const methodOf = (row: Row) => row.route.split(" ")[0];

let w: World;
beforeAll(async () => {
  const book = await newBook({ coins: 10_000 });
  const punter = await newPunter(book, { coins: 100 });
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

describe("each role against each route", () => {
  it("the table holds every route of the API", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>("GET", "/openapi.json");
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = [...BOOK_ROUTES.map((r) => r.route), ...Object.keys(NOT_THE_BOOKS)];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...routes].sort()).toEqual([...listed].sort());
  });

  for (const row of BOOK_ROUTES)
    it(`${row.route} (${row.power})`, async () => {
      for (const role of ROLES) {
        const { path, body } = await row.ask(w);
        const before = await auditRows(w.book.bookmakerId);
        const res = await call(methodOf(row), path, { token: w.staff[role].token, body });
        const allowed = MAY[role].includes(row.power);
        expect(res.status, `${role}: ${await res.clone().text()}`).toBe(allowed ? row.ok : 403);
        if (!allowed) {
          const { error } = await res.json<{ error: { code: string; message: string } }>();
          expect(error.code).toBe("FORBIDDEN");
          // A clerk is told who may; the owner's own routes say it is the bookmaker's.
          if (row.power === "OWNER") expect(error.message).toMatch(/^(Only the bookmaker|A clerk cannot)/);
          else expect(error.message).toBe("A clerk cannot do this: ask the bookmaker or a manager.");
          expect(await auditRows(w.book.bookmakerId), "a refusal writes nothing").toBe(before);
        }
      }
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
