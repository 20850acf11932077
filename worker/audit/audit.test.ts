import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditEntry, BookmakerEvent } from "../contract";
import { call, json, signIn } from "../test/api";
import { runDurableObjectAlarm } from "cloudflare:test";
import { draftBody, inHours, newEvent, roomStub, startEvent } from "../test/events";
import { faultyD1, inOrder, injectFaults } from "../test/faulty-d1";
import { newBook, newPunter, type TestBook } from "../test/world";

// The audit log: every change is one row, written in the change's own batch, and only the
// book's owner reads it.

/** The event's rows other than prices, oldest first. */
async function changesOf(eventId: number) {
  const { results } = await env.DB.prepare(
    `SELECT action, actor_id, item_id, before, after FROM audit WHERE event_id = ?1 AND action <> 'PRICE' ORDER BY id`,
  )
    .bind(eventId)
    .all<{ action: string; actor_id: number | null; item_id: number | null; before: string; after: string }>();
  return results;
}

const allRows = async (bookmakerId: number) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit WHERE bookmaker_id = ?1`).bind(bookmakerId).first<{
    n: number;
  }>())!.n;

const auditOf = (book: TestBook, query = "") =>
  json<AuditEntry[]>("GET", `/audit${query}`, { token: book.owner.token });

/** Runs a change and answers the one audit row it added to the event. */
async function oneRowFrom(eventId: number, change: () => Promise<Response>) {
  const before = (await changesOf(eventId)).length;
  const res = await change();
  expect(res.status, await res.clone().text()).toBe(200);
  const after = await changesOf(eventId);
  expect(after.length).toBe(before + 1);
  return after[after.length - 1];
}

const threeRunners = (book: TestBook) =>
  newEvent(book, {
    rule4: true,
    items: [
      ["Red Rum", 2],
      ["Shergar", 3],
      ["Arkle", 5],
    ],
  });

describe("every door into an event writes its row", () => {
  it("the draft edit of a published event: odds, outcomes added and removed, rules (none for a draft never published)", async () => {
    const book = await newBook({ coins: 1000 });
    const token = book.owner.token;
    const edit = (id: number, body: object) => call("POST", `/drafts/${id}/updateCoefficients`, { token, body });
    const { eventId: unpublished } = await json<{ eventId: number }>("POST", "/drafts", {
      token,
      body: draftBody(book),
    });
    expect(
      (
        await edit(unpublished, {
          items: [
            { title: "Red Rum", coefficient: 6 },
            { title: "Shergar", coefficient: 3 },
          ],
        })
      ).status,
    ).toBe(200);
    expect(await changesOf(unpublished)).toEqual([]);

    const event = await threeRunners(book);
    const [red] = event.items.map((i) => i.id);
    await json("POST", `/events/${event.id}/draft`, { token });
    const odds = await oneRowFrom(event.id, () =>
      edit(event.id, {
        items: [
          { title: "Red Rum", coefficient: 2.5 },
          { title: "Shergar", coefficient: 3 },
          { title: "Arkle", coefficient: 5 },
        ],
        rule4: false,
      }),
    );
    expect(odds).toMatchObject({ action: "ODDS", item_id: red });
    expect(JSON.parse(odds.before)).toEqual({ items: [{ itemId: red, coefficient: 2 }], rule4: true });
    expect(JSON.parse(odds.after)).toEqual({ items: [{ itemId: red, coefficient: 2.5 }], rule4: false });
    // Arkle out, Nijinsky in.
    const newField = [
      { title: "Red Rum", coefficient: 2.5 },
      { title: "Shergar", coefficient: 3 },
      { title: "Nijinsky", coefficient: 9 },
    ];
    const field = await oneRowFrom(event.id, () => edit(event.id, { items: newField }));
    expect(field.action).toBe("OUTCOMES");
    expect(JSON.parse(field.before)).toMatchObject({ removed: [{ title: "Arkle", coefficient: 5 }] });
    expect(JSON.parse(field.after)).toEqual({ added: [{ title: "Nijinsky", coefficient: 9 }] });
    // The same outcomes and rules again change nothing, and write nothing.
    const before = (await changesOf(event.id)).length;
    const again = await edit(event.id, { items: newField, rule4: false });
    expect(again.status).toBe(200);
    expect((await changesOf(event.id)).length).toBe(before);
  });

  it("the start closing the book is a row of the system's", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await threeRunners(book);
    await startEvent(event.id);
    expect(await runDurableObjectAlarm(roomStub(event.id))).toBe(true);
    const rows = await changesOf(event.id);
    expect(rows[rows.length - 1]).toMatchObject({ action: "CLOSE", actor_id: null });
    expect(JSON.parse(rows[rows.length - 1].after)).toEqual({ status: "WAITING_FOR_RESULT" });
    const [shown] = await auditOf(book, `?eventId=${event.id}`);
    expect(shown).toMatchObject({ action: "CLOSE", actor: { userId: 0 } });
  });

  it("a non-runner's row carries the odds it moved, and GET /audit shows them", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await threeRunners(book);
    const [red, shergar, arkle] = event.items.map((i) => i.id);
    const nr = await oneRowFrom(event.id, () =>
      call("POST", `/events/${event.id}/nr/${arkle}`, { token: book.owner.token }),
    );
    const after = JSON.parse(nr.after) as { items: { itemId: number; coefficient: number }[] };
    expect(after.items.map((i) => i.itemId)).toEqual([red, shergar]);
    const [moved] = await auditOf(book, `?eventId=${event.id}`);
    expect(moved).toMatchObject({ action: "NR", itemId: arkle, after: { items: after.items } });
    expect(JSON.parse(nr.before)).toMatchObject({
      items: [
        { itemId: red, coefficient: 2 },
        { itemId: shergar, coefficient: 3 },
      ],
    });
  });
});

describe("the audit log", () => {
  it("records each change of an event as one row of its owner's", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await threeRunners(book);
    const token = book.owner.token;
    const [red, shergar, arkle] = event.items.map((i) => i.id);
    expect(await changesOf(event.id)).toMatchObject([{ action: "PUBLISH", actor_id: book.owner.userId }]);

    const odds = await oneRowFrom(event.id, () =>
      call("POST", `/events/${event.id}/coefficients`, {
        token,
        body: { items: [{ id: shergar, coefficient: 4 }], returnPrice: 0.9 },
      }),
    );
    expect(odds).toMatchObject({ action: "ODDS", item_id: shergar });
    expect(JSON.parse(odds.before)).toEqual({ items: [{ itemId: shergar, coefficient: 3 }], returnPrice: 0.5 });
    expect(JSON.parse(odds.after)).toEqual({ items: [{ itemId: shergar, coefficient: 4 }], returnPrice: 0.9 });

    const dates = { startDate: inHours(4), endDate: inHours(5) };
    const moved = await oneRowFrom(event.id, () =>
      call("POST", `/events/${event.id}/modifyDates`, { token, body: dates }),
    );
    expect(moved.action).toBe("DATES");
    expect(JSON.parse(moved.after)).toEqual(dates);

    expect((await oneRowFrom(event.id, () => call("POST", `/events/${event.id}/draft`, { token }))).action).toBe(
      "SUSPEND",
    );
    expect(
      (await oneRowFrom(event.id, () => call("POST", `/events/${event.id}/live`, { token, body: {} }))).action,
    ).toBe("LIVE");

    const nr = await oneRowFrom(event.id, () => call("POST", `/events/${event.id}/nr/${arkle}`, { token }));
    expect(nr).toMatchObject({ action: "NR", item_id: arkle });
    expect(JSON.parse(nr.after).deduction).toBeGreaterThan(0);

    const result = await oneRowFrom(event.id, () =>
      call("POST", `/events/${event.id}/finalize`, { token, body: { winners: [red] } }),
    );
    expect(JSON.parse(result.after)).toMatchObject({ status: "CALCULATED", placings: [{ itemId: red, place: 1 }] });
    expect((await oneRowFrom(event.id, () => call("POST", `/events/${event.id}/unsettle`, { token }))).action).toBe(
      "UNDO",
    );
    expect((await oneRowFrom(event.id, () => call("POST", `/events/${event.id}/abandon`, { token }))).action).toBe(
      "ABANDON",
    );
  });

  it("records coins added and withdrawn with their note, for the punter", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const move = (route: string, amount: number, note?: string) =>
      json("POST", route, {
        token: book.owner.token,
        body: { userId: punter.userId, balance: { amount, currency: "COIN" }, note },
      });
    await move("/balances/add", 25, "cash in hand");
    await move("/balances/subtract", 5.5);
    const rows = await auditOf(book, `?userId=${punter.userId}`);
    expect(rows).toMatchObject([
      { action: "COINS_WITHDRAWN", userId: punter.userId, after: { amount: 5.5 }, note: null },
      {
        action: "COINS_ADDED",
        actor: { userId: book.owner.userId, username: book.owner.username },
        after: { amount: 25 },
        note: "cash in hand",
      },
    ]);
  });

  it("records a change of limits, the book's defaults and a punter's own, with what they were", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const stranger = await newPunter(await newBook({ coins: 10 }));
    await json("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { userId: punter.userId, maxStake: 20, maxPayoutPerEvent: null },
    });
    await json("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { userId: punter.userId, maxStake: 25.5, maxPayoutPerEvent: 500 },
    });
    await json("PUT", `/bookmakers/${book.bookmakerId}/limits`, {
      token: book.owner.token,
      body: { maxStake: 100, maxPayoutPerEvent: null, maxMultiplesPayout: null },
    });
    // Refused (not his punter): no change, no row.
    const refused = await call("PUT", "/balances/limits", {
      token: book.owner.token,
      body: { userId: stranger.userId, maxStake: 1, maxPayoutPerEvent: null },
    });
    expect(refused.status).toBe(404);
    const rows = (await auditOf(book)).filter((r) => r.action === "LIMITS");
    expect(rows).toMatchObject([
      {
        userId: null,
        actor: { userId: book.owner.userId },
        before: { maxStake: null, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
        after: { maxStake: 100, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 },
      },
      {
        userId: punter.userId,
        before: { maxStake: 20, maxPayoutPerEvent: null },
        after: { maxStake: 25.5, maxPayoutPerEvent: 500 },
      },
      { userId: punter.userId, before: { maxStake: null, maxPayoutPerEvent: null }, after: { maxStake: 20 } },
    ]);
  });

  it("writes a change of limits with its row or neither, as D1 says after a failure", async () => {
    const book = await newBook({ coins: 1000 });
    const punter = await newPunter(book);
    const setLimits = (maxStake: number, fault: "before" | "after") =>
      call("PUT", "/balances/limits", {
        token: book.owner.token,
        body: { userId: punter.userId, maxStake, maxPayoutPerEvent: null },
        env: { DB: faultyD1(env.DB, inOrder(fault)) },
      });
    const state = async () => ({
      rows: (await auditOf(book)).filter((r) => r.action === "LIMITS").length,
      maxStake: (
        await json<{ punters: { user: { internalId: number }; limits: { maxStake: number | null } }[] }>(
          "GET",
          "/balances",
          { token: book.owner.token },
        )
      ).punters.find((p) => p.user.internalId === punter.userId)!.limits.maxStake,
    });
    expect((await setLimits(20, "before")).status).toBeGreaterThanOrEqual(500);
    expect(await state()).toEqual({ rows: 0, maxStake: null });
    // Landed, its answer lost: the change and its row are both there.
    expect((await setLimits(30, "after")).status).toBeGreaterThanOrEqual(500);
    expect(await state()).toEqual({ rows: 1, maxStake: 30 });
  });

  it("leaves no row for a change whose batch never landed, and one for a change whose answer was lost", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await threeRunners(book);
    const rows = await allRows(book.bookmakerId);
    const change = (coefficient: number) =>
      call("POST", `/events/${event.id}/coefficients`, {
        token: book.owner.token,
        body: { items: [{ id: event.items[0].id, coefficient }] },
      });
    await injectFaults(event.id, inOrder("before"));
    expect((await change(2.5)).status).toBe(503);
    expect(await allRows(book.bookmakerId)).toBe(rows);
    await injectFaults(event.id, inOrder("after"));
    expect((await change(2.5)).status).toBe(200);
    // The change and the price it offers: one row each.
    expect(await allRows(book.bookmakerId)).toBe(rows + 2);
    expect((await changesOf(event.id)).map((r) => r.action)).toEqual(["PUBLISH", "ODDS"]);
  });

  it("leaves no row for any change of an event whose batch never landed", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await threeRunners(book);
    const token = book.owner.token;
    const [red, , arkle] = event.items.map((i) => i.id);
    const tries: [string, () => Promise<Response>][] = [
      [
        "dates",
        () =>
          call("POST", `/events/${event.id}/modifyDates`, {
            token,
            body: { startDate: inHours(4), endDate: inHours(5) },
          }),
      ],
      ["non-runner", () => call("POST", `/events/${event.id}/nr/${arkle}`, { token })],
      ["result", () => call("POST", `/events/${event.id}/finalize`, { token, body: { winners: [red] } })],
      ["abandon", () => call("POST", `/events/${event.id}/abandon`, { token })],
      ["back to draft", () => call("POST", `/events/${event.id}/draft`, { token })],
    ];
    const rows = await allRows(book.bookmakerId);
    for (const [what, change] of tries) {
      await injectFaults(event.id, inOrder("before"));
      expect((await change()).status, what).toBe(503);
      expect(await allRows(book.bookmakerId), what).toBe(rows);
    }
  });

  it("leaves no row for coins the pool cannot cover", async () => {
    const book = await newBook({ coins: 10 });
    const punter = await newPunter(book);
    const rows = await allRows(book.bookmakerId);
    const res = await call("POST", "/balances/add", {
      token: book.owner.token,
      body: { userId: punter.userId, balance: { amount: 50, currency: "COIN" } },
    });
    expect(res.status).toBe(409);
    expect(await allRows(book.bookmakerId)).toBe(rows);
  });

  it("answers the owner only, newest first, filtered by event", async () => {
    const book = await newBook({ coins: 1000 });
    const first = await newEvent(book);
    const second = await newEvent(book);
    await json("POST", `/events/${first.id}/draft`, { token: book.owner.token });
    const rows = await auditOf(book);
    expect(rows.map((r) => [r.action, r.eventId])).toEqual([
      ["SUSPEND", first.id],
      ["PUBLISH", second.id],
      ["PUBLISH", first.id],
    ]);
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort().reverse());
    expect((await auditOf(book, `?eventId=${first.id}`)).map((r) => r.action)).toEqual(["SUSPEND", "PUBLISH"]);

    const other = await newBook();
    expect(await auditOf(other)).toEqual([]);
    const punter = await newPunter(book);
    expect((await call("GET", "/audit", { token: punter.token })).status).toBe(404);
    expect((await call("GET", "/audit")).status).toBe(401);
  });

  it("lists the rows of the period asked for, in its time zone", async () => {
    const book = await newBook({ coins: 1000 });
    await newEvent(book);
    const today = new Date().toISOString().slice(0, 10);
    expect(await auditOf(book, `?from=${today}&to=${today}&tz=UTC`)).toHaveLength(1);
    expect(await auditOf(book, `?from=2020-01-01&to=2020-01-31`)).toEqual([]);
    expect((await call("GET", "/audit?from=2020-02-01&to=2020-01-01", { token: book.owner.token })).status).toBe(400);
  });

  it("names the system as the actor of an abandon nobody asked for", async () => {
    const book = await newBook({ coins: 1000 });
    const event = await newEvent(book);
    expect(await roomStub(event.id).abandon(event.id)).toMatchObject({ ok: true });
    const [row] = await auditOf(book);
    expect(row).toMatchObject({ action: "ABANDON", actor: { userId: 0, username: "system" }, eventId: event.id });
  });

  it("names the user a change is about by his username: a staff member, who is no punter of the book, too", async () => {
    const book = await newBook({ coins: 1000 });
    const clerk = await signIn("clerk");
    await json("PUT", `/bookmakers/${book.bookmakerId}/staff`, {
      token: book.owner.token,
      body: { username: clerk.username, role: "CLERK" },
    });
    const [row] = await auditOf(book);
    expect(row).toMatchObject({ action: "STAFF", userId: clerk.userId, username: clerk.username });
    const link = await json<{ url: string }>("GET", "/audit/link", { token: book.owner.token });
    const csv = await (await call("GET", new URL(link.url).pathname + new URL(link.url).search)).text();
    expect(csv).toContain(`,STAFF,,,${clerk.userId},${clerk.username},`);
    await newEvent(book);
    expect((await auditOf(book))[0]).toMatchObject({ action: "PUBLISH", userId: null, username: null });
  });

  it("keeps its rows as written", async () => {
    const book = await newBook({ coins: 1000 });
    await newEvent(book);
    await expect(
      env.DB.prepare(`UPDATE audit SET note = 'x' WHERE bookmaker_id = ?1`).bind(book.bookmakerId).run(),
    ).rejects.toThrow(/never changed/);
  });

  it("offers its CSV like the figures', by a link that needs no session", async () => {
    const book = await newBook({ coins: 1000 });
    const event: BookmakerEvent = await newEvent(book);
    const link = await json<{ url: string; fileName: string }>("GET", `/audit/link?eventId=${event.id}`, {
      token: book.owner.token,
    });
    expect(link.fileName).toMatch(/^changes-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const url = new URL(link.url);
    const res = await call("GET", url.pathname + url.search);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("at,actor_id,actor,action,event_id,item_id,user_id,user,before,after,note");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,PUBLISH,${event.id},`);
  });
});
