import { describe, expect, it } from "vitest";
import { useAuth } from "@/store/auth";
import { json, stubApi } from "@/test/network";
import { call } from "./call";

describe("a call by its route", () => {
  it("fills the path's params and sends the body as the signed-in user", async () => {
    useAuth.getState().setSession({ token: "tok", userId: 1 });
    const calls = stubApi({ "POST /events/7/draft": () => json({ id: 7 }) });
    expect(await call("POST /events/:id/draft", { params: { id: 7 } })).toEqual({ id: 7 });
    expect(calls[0]).toMatchObject({ method: "POST", path: "/events/7/draft", body: undefined });
    expect(calls[0].headers.get("Authorization")).toBe("JWT tok");
  });

  it("sends its method and JSON body", async () => {
    const calls = stubApi({ "PUT /bookmakers/register": () => json({ bookmakerId: 5 }) });
    expect(await call("PUT /bookmakers/register", { body: { name: "GoldenBooks" } })).toEqual({ bookmakerId: 5 });
    expect(calls[0]).toMatchObject({ method: "PUT", body: { name: "GoldenBooks" } });
  });

  it("escapes a param that is text", async () => {
    const calls = stubApi({ "GET /figures/link/a%2Fb": () => json({}) });
    await call("GET /figures/link/:file", { params: { file: "a/b" } });
    expect(calls[0].path).toBe("/figures/link/a%2Fb");
  });

  it("adds a read's query", async () => {
    const calls = stubApi({ "GET /figures/link/figures": () => json({ url: "u", fileName: "f.csv" }) });
    await call("GET /figures/link/:file", {
      params: { file: "figures" },
      query: { from: "2026-11-01", to: "2026-11-07" },
    });
    expect(calls[0].path).toBe("/figures/link/figures?from=2026-11-01&to=2026-11-07");
  });

  it("sends an Idempotency-Key with a bet and a coin move, and with nothing else", async () => {
    const calls = stubApi({
      "POST /bets": () => json({}, 201),
      "POST /balances/add": () => json({}),
      "POST /balances/subtract": () => json({}),
      "POST /balances/addNote": () => json({}),
    });
    const bet = { bookmakerId: 1, eventId: 2, eventItemId: 3, amount: 5, coefficient: 2 };
    const move = { userId: 4, balance: { amount: 10, currency: "COIN" as const } };
    await call("POST /bets", { body: bet });
    await call("POST /balances/add", { body: move });
    await call("POST /balances/subtract", { body: move });
    await call("POST /balances/addNote", { body: { userId: 4, note: "owes 20" } });
    expect(calls.map((c) => c.headers.has("Idempotency-Key"))).toEqual([true, true, true, false]);
  });
});
