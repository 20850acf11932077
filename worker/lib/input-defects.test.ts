import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent, ErrorBody, Money } from "../contract";
import { signInitData } from "../identity/init-data";
import { issueSession } from "../identity/session";
import { call, freshUserId, json, signIn } from "../test/api";
import { bet, draftBody, newEvent } from "../test/events";
import { catalogueId, ledgerViolations, newBook, newPunter, NO_VIOLATIONS, pendingRequestId } from "../test/world";

// Inputs that once passed validation and then failed deeper down (a 500), or were quietly
// changed (rounded, rolled over). Each is now a 4xx naming what is wrong, with nothing moved or stored.

async function expectRefused(res: Response, status: number, expected: Partial<ErrorBody["error"]>, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(status);
  expect((JSON.parse(text) as ErrorBody).error, what).toMatchObject(expected);
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("dates (defect 1)", () => {
  const BAD: [string, string][] = [
    ["2030-01-01T00:00:00+02", "Must be an ISO 8601 date and time."],
    ["2030-01-01T00:00:00.1234567-02", "Must be an ISO 8601 date and time."],
    ["2030-01-01 12:00:00Z", "Must be an ISO 8601 date and time."],
    ["2030-01-01T12:00Z", "Must be an ISO 8601 date and time."],
    ["2030-01-01T12:00:00", "Must be an ISO 8601 date and time."],
    ["2030-02-30T12:00:00Z", "Must be a real date and time."],
    ["2030-02-29T12:00:00Z", "Must be a real date and time."],
    ["2100-02-29T12:00:00Z", "Must be a real date and time."],
    ["2030-04-31T12:00:00Z", "Must be a real date and time."],
    ["2030-13-01T12:00:00Z", "Must be a real date and time."],
    ["2030-01-01T24:00:00Z", "Must be a real date and time."],
    ["2030-01-01T12:60:00Z", "Must be a real date and time."],
    ["2030-01-01T12:00:00+24:00", "Must be a real date and time."],
  ];

  it("refuses on POST /drafts what is not RFC 3339 or not a real date, naming the field, creating nothing", async () => {
    const book = await newBook({ coins: 100 });
    const events = () => count(`SELECT COUNT(*) AS n FROM events WHERE bookmaker_id = ?1`, book.bookmakerId);
    const before = await events();
    for (const [date, message] of BAD) {
      const asStart = await call("POST", "/drafts", {
        token: book.owner.token,
        body: { ...draftBody(book), startDate: date, endDate: "2030-12-31T00:00:00Z" },
      });
      await expectRefused(asStart, 400, { code: "VALIDATION", field: "startDate", message }, `startDate ${date}`);
      const asEnd = await call("POST", "/drafts", {
        token: book.owner.token,
        body: { ...draftBody(book), startDate: "2029-12-01T00:00:00Z", endDate: date },
      });
      await expectRefused(asEnd, 400, { code: "VALIDATION", field: "endDate", message }, `endDate ${date}`);
    }
    expect(await events()).toBe(before);
  });

  it("accepts Z or ±HH:MM with any fractional seconds and real leap days, stored as the UTC instant", async () => {
    const book = await newBook({ coins: 100 });
    const cases: [string, string, string, string][] = [
      ["2028-02-29T12:00:00Z", "2028-02-29T12:00:00.000Z", "2028-03-01T00:00:00+02:00", "2028-02-29T22:00:00.000Z"],
      [
        "2030-01-01T00:00:00.1234567-02:00",
        "2030-01-01T02:00:00.123Z",
        "2030-01-01T09:30:00.5+05:30",
        "2030-01-01T04:00:00.500Z",
      ],
      ["2032-02-29t23:59:59z", "2032-02-29T23:59:59.000Z", "2032-03-01T00:00:00-00:00", "2032-03-01T00:00:00.000Z"],
    ];
    for (const [startDate, storedStart, endDate, storedEnd] of cases) {
      const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
        token: book.owner.token,
        body: { ...draftBody(book), startDate, endDate },
      });
      const row = await env.DB.prepare(`SELECT start_date, end_date FROM events WHERE id = ?1`).bind(eventId).first();
      expect(row, startDate).toEqual({ start_date: storedStart, end_date: storedEnd });
    }
  });

  it("refuses the same on POST /events/{id}/modifyDates, leaving the dates as they were", async () => {
    const book = await newBook({ coins: 100 });
    const { eventId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book),
    });
    const before = await env.DB.prepare(`SELECT start_date, end_date FROM events WHERE id = ?1`).bind(eventId).first();
    for (const [date, message] of BAD) {
      const asStart = await call("POST", `/events/${eventId}/modifyDates`, {
        token: book.owner.token,
        body: { startDate: date, endDate: "2030-12-31T00:00:00Z" },
      });
      await expectRefused(asStart, 400, { code: "VALIDATION", field: "startDate", message }, `startDate ${date}`);
      const asEnd = await call("POST", `/events/${eventId}/modifyDates`, {
        token: book.owner.token,
        body: { startDate: "2029-12-01T00:00:00Z", endDate: date },
      });
      await expectRefused(asEnd, 400, { code: "VALIDATION", field: "endDate", message }, `endDate ${date}`);
    }
    expect(await env.DB.prepare(`SELECT start_date, end_date FROM events WHERE id = ?1`).bind(eventId).first()).toEqual(
      before,
    );

    const moved = await json<BookmakerEvent>("POST", `/events/${eventId}/modifyDates`, {
      token: book.owner.token,
      body: { startDate: "2030-01-01T00:00:00+02:00", endDate: "2030-01-01T03:00:00.25-01:00" },
    });
    expect([moved.startDate, moved.endDate]).toEqual(["2029-12-31T22:00:00.000Z", "2030-01-01T04:00:00.250Z"]);
  });
});

describe("amounts (defect 2)", () => {
  const NOT_CENTS = [1e-9, 0.001, 12.340000001, 0.005, 5e-324, 100.999];

  it("refuses coin moves that are not whole cents, naming the field and moving nothing", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 50 });
    const ledger = () => count(`SELECT COUNT(*) AS n FROM ledger WHERE pool_owner_id = ?1`, book.owner.userId);
    const before = await ledger();
    for (const path of ["/balances/add", "/balances/subtract"]) {
      for (const amount of [...NOT_CENTS, 0, -1]) {
        const res = await call("POST", path, {
          token: book.owner.token,
          body: { userId: punter.userId, balance: { amount, currency: "COIN" } },
        });
        await expectRefused(res, 400, { code: "VALIDATION", field: "balance.amount" }, `${path} ${amount}`);
      }
      // JSON's 1e400 is Infinity once parsed.
      const huge = await call("POST", path, {
        token: book.owner.token,
        rawBody: `{"userId": ${punter.userId}, "balance": {"amount": 1e400}}`,
      });
      await expectRefused(huge, 400, { code: "VALIDATION", field: "balance.amount" }, `${path} 1e400`);
      // Coins are the only currency: dollars are not moved as if they were coins.
      const dollars = await call("POST", path, {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount: 5, currency: "USD" } },
      });
      await expectRefused(dollars, 400, { code: "VALIDATION", field: "balance.currency" }, `${path} USD`);
    }
    expect(await ledger()).toBe(before);
    expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(50);

    // Whole cents still move, to the cent.
    expect(
      await json("POST", "/balances/add", {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount: 12.34 } },
      }),
    ).toMatchObject({ balance: { amount: 62.34 } });
    expect(
      await json("POST", "/balances/subtract", {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount: 0.07 } },
      }),
    ).toMatchObject({ balance: { amount: 62.27 } });
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });

  it("refuses stakes that are not whole cents, naming the field, taking no bet", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 50 });
    const event = await newEvent(book);
    for (const amount of NOT_CENTS) {
      await expectRefused(
        await bet(punter, book, event, 0, amount),
        400,
        { code: "VALIDATION", field: "amount", message: "At most 2 decimals." },
        `bet ${amount}`,
      );
    }
    expect(await count(`SELECT COUNT(*) AS n FROM bets WHERE event_id = ?1`, event.id)).toBe(0);
    expect((await json<Money>("GET", `/balances/${book.bookmakerId}`, { token: punter.token })).amount).toBe(50);
    expect((await bet(punter, book, event, 0, 12.34)).status).toBe(201);
    expect(await env.DB.prepare(`SELECT stake_cents FROM bets WHERE event_id = ?1`).bind(event.id).all()).toMatchObject(
      { results: [{ stake_cents: 1234 }] },
    );
  });

  it("takes a return price only as one of the choices, exactly; 0.504 is refused, not stored as 0.50", async () => {
    const book = await newBook({ coins: 1000 });
    const returnMessage = "Return for punters must be 0.01 or 0.50 to 0.95.";
    for (const returnPrice of [0.504, 0.5000001, 0.011, 0.955, 0.49, 0.96, 0, 1]) {
      const res = await call("POST", "/drafts", { token: book.owner.token, body: { ...draftBody(book), returnPrice } });
      await expectRefused(
        res,
        400,
        { code: "VALIDATION", field: "returnPrice", message: returnMessage },
        `draft ${returnPrice}`,
      );
    }
    const event = await newEvent(book, { returnPrice: 0.57 });
    expect(event.returnPrice).toBe(0.57);
    for (const returnPrice of [0.504, 0.01000001]) {
      const res = await call("POST", `/events/${event.id}/coefficients`, {
        token: book.owner.token,
        body: { returnPrice },
      });
      await expectRefused(
        res,
        400,
        { code: "VALIDATION", field: "returnPrice", message: returnMessage },
        `coefficients ${returnPrice}`,
      );
    }
    expect(await env.DB.prepare(`SELECT return_pct FROM events WHERE id = ?1`).bind(event.id).first()).toEqual({
      return_pct: 57,
    });
    for (const returnPrice of [0.01, 0.95, 0.5]) {
      expect(
        (
          await json<BookmakerEvent>("POST", `/events/${event.id}/coefficients`, {
            token: book.owner.token,
            body: { returnPrice },
          })
        ).returnPrice,
      ).toBe(returnPrice);
    }
  });

  it("takes a max payout only as whole coins", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book, { maxTotalPayout: 500 });
    for (const maxTotalPayout of [1e-9, 10.000000001, 0.5, 0, -5, 1e300]) {
      const draft = await call("POST", "/drafts", {
        token: book.owner.token,
        body: { ...draftBody(book), maxTotalPayout },
      });
      await expectRefused(draft, 400, { code: "VALIDATION", field: "maxTotalPayout" }, `draft ${maxTotalPayout}`);
      const change = await call("POST", `/events/${event.id}/coefficients`, {
        token: book.owner.token,
        body: { maxTotalPayout },
      });
      await expectRefused(
        change,
        400,
        { code: "VALIDATION", field: "maxTotalPayout" },
        `coefficients ${maxTotalPayout}`,
      );
    }
    expect(
      await env.DB.prepare(`SELECT max_total_payout_cents FROM events WHERE id = ?1`).bind(event.id).first(),
    ).toEqual({ max_total_payout_cents: 50_000 });
  });
});

describe("a signed session for a user with no row (defect 4)", () => {
  const ghostToken = async () => {
    const userId = freshUserId(); // never signed in: no users row
    return {
      userId,
      token: await issueSession(
        { userId, username: `ghost_${userId}` },
        env.JWT_SECRET!,
        Math.floor(Date.now() / 1000),
      ),
    };
  };

  it("is 401 UNAUTHENTICATED on the writes that need the user's row, and stores nothing", async () => {
    const ghost = await ghostToken();
    const book = await newBook();
    const bookmaker = await catalogueId("BOOKMAKER");
    const writes: [string, string, unknown?][] = [
      ["PUT", "/bookmakers/register", { name: "GhostBook01" }],
      ["POST", `/bookmakers/${book.bookmakerId}/sign`],
      ["POST", "/subscriptions/purchase", { subscriptionId: bookmaker }],
      ["POST", `/subscriptions/invoice/${bookmaker}`],
    ];
    for (const [method, path, body] of writes) {
      await expectRefused(
        await call(method, path, { token: ghost.token, body }),
        401,
        { code: "UNAUTHENTICATED" },
        `${method} ${path}`,
      );
    }
    for (const table of [
      "bookmakers WHERE owner_id",
      "memberships WHERE user_id",
      "invoices WHERE user_id",
      "accounts WHERE pool_owner_id",
    ]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} = ?1`, ghost.userId), table).toBe(0);
    }
  });

  it("is never a 500 on any other route", async () => {
    const ghost = await ghostToken();
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book, { coins: 10 });
    const event = await newEvent(book);
    const { eventId: draftId } = await json<{ eventId: number }>("POST", "/drafts", {
      token: book.owner.token,
      body: draftBody(book),
    });
    const waiting = await signIn("waiting");
    await json("POST", `/bookmakers/${book.bookmakerId}/sign`, { token: waiting.token });
    const requestId = await pendingRequestId(book, waiting.userId);
    const item = event.items[0];
    const routes: [string, string, unknown?][] = [
      ["POST", "/bookmakers/rename", { name: "GhostBook02" }],
      ["POST", `/bookmakers/${book.bookmakerId}/terms`, { terms: "mine" }],
      ["POST", `/bookmakers/requests/${requestId}/approve`],
      ["POST", `/bookmakers/requests/${requestId}/reject`],
      ["POST", "/balances/add", { userId: punter.userId, balance: { amount: 1 } }],
      ["POST", "/balances/subtract", { userId: punter.userId, balance: { amount: 1 } }],
      ["POST", "/balances/addNote", { userId: punter.userId, note: "x" }],
      ["POST", "/drafts", draftBody(book)],
      [
        "POST",
        `/drafts/${draftId}/updateCoefficients`,
        {
          items: [
            { title: "A", coefficient: 2 },
            { title: "B", coefficient: 3 },
          ],
        },
      ],
      ["POST", "/events", { draftId }],
      ["POST", `/events/${event.id}/draft`],
      ["POST", `/events/${draftId}/live`, {}],
      ["POST", `/events/${event.id}/abandon`],
      ["POST", `/events/${event.id}/nr/${item.id}`],
      ["POST", `/events/${event.id}/finalize`, { winners: [item.id] }],
      [
        "POST",
        `/events/${event.id}/modifyDates`,
        { startDate: "2030-01-01T00:00:00Z", endDate: "2030-01-02T00:00:00Z" },
      ],
      ["POST", `/events/${event.id}/coefficients`, { returnPrice: 0.6 }],
      [
        "POST",
        "/bets",
        {
          requestId: 0,
          bookmakerId: book.bookmakerId,
          eventId: event.id,
          eventItemId: item.id,
          amount: 1,
          coefficient: item.currCoefficient,
        },
      ],
      ["POST", "/subscriptions/purchase", { subscriptionId: await catalogueId("WHAT_IF") }],
      ["POST", `/subscriptions/invoice/${await catalogueId("ADD_BALANCE_1000")}`],
      ["GET", "/bookmakers/authorizeMe"],
      ["GET", "/bookmakers"],
      ["GET", "/bookmakers/requests"],
      ["GET", "/balances"],
      ["GET", "/balances/ledger"],
      ["GET", `/balances/${book.bookmakerId}`],
      ["GET", "/events"],
      ["GET", `/events/${event.id}`],
      ["GET", `/player/events/${book.bookmakerId}`],
      ["GET", `/bets/${book.bookmakerId}`],
      ["GET", "/subscriptions"],
      ["GET", "/subscriptions/mine"],
      ["GET", `/subscriptions/active/${book.bookmakerId}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(method, path, { token: ghost.token, body });
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(500);
      if (method !== "GET") expect(res.status, `${method} ${path}: ${text}`).toBeGreaterThanOrEqual(400);
    }
    // The ghost changed nothing of the book's.
    expect(await env.DB.prepare(`SELECT status FROM events WHERE id = ?1`).bind(event.id).first()).toEqual({
      status: "READY_FOR_BETS",
    });
    expect(await count(`SELECT COUNT(*) AS n FROM memberships WHERE id = ?1 AND status = 'CREATED'`, requestId)).toBe(
      1,
    );
    expect(await count(`SELECT COUNT(*) AS n FROM users WHERE id = ?1`, ghost.userId)).toBe(0);
    expect(await ledgerViolations()).toEqual(NO_VIOLATIONS);
  });
});

describe("signed init data of the wrong shape (defect 5)", () => {
  const signedWith = (user: unknown) =>
    signInitData(
      { user: user as never, authDate: Math.floor(Date.now() / 1000), queryId: "shape-test" },
      env.BOT_TOKEN!,
    );

  it("is 401 'The init data is not valid.', creating no user", async () => {
    const id = freshUserId();
    const shapes: unknown[] = [
      { id, username: 12345, first_name: "Ann" },
      { id, username: {}, first_name: "Ann" },
      { id, username: ["ann"], first_name: "Ann" },
      { id, username: null, first_name: "Ann" },
      { id, username: true },
      { id, username: "ann_shape", first_name: 7 },
      { id, username: "ann_shape", first_name: { x: 1 } },
      { id: String(id), username: "ann_shape" },
      { id: id + 0.5, username: "ann_shape" },
      { id: -id, username: "ann_shape" },
      { id: 0, username: "ann_shape" },
      { id: 2 ** 53, username: "ann_shape" },
      { username: "ann_shape" },
      [id, "ann_shape"],
      "ann_shape",
      id,
      null,
    ];
    for (const user of shapes) {
      const res = await call("POST", "/auth/telegram", { body: { initData: await signedWith(user) } });
      await expectRefused(
        res,
        401,
        { code: "UNAUTHENTICATED", message: "The init data is not valid." },
        JSON.stringify(user),
      );
    }
    expect(await count(`SELECT COUNT(*) AS n FROM users WHERE id = ?1`, id)).toBe(0);
  });

  it("still accepts a well-formed user carrying fields we do not use", async () => {
    const id = freshUserId();
    const user = {
      id,
      username: "extra_fields",
      first_name: "Ann",
      last_name: "Lee",
      language_code: "en",
      is_premium: true,
      photo_url: "https://t.me/i/x.jpg",
    };
    const res = await call("POST", "/auth/telegram", { body: { initData: await signedWith(user) } });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare(`SELECT username, first_name FROM users WHERE id = ?1`).bind(id).first()).toEqual({
      username: "extra_fields",
      first_name: "Ann",
    });
  });
});
