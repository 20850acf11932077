import { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { app } from "../app";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { call } from "../test/api";
import * as answers from "./answers";
import { doc } from "./describe";
import { contractDocument } from "./document";

// /openapi.json against the app it describes. Its validity as OpenAPI 3.1 is checked in Node
// (document.node.test.ts): the validator reads its schemas from disk, which workerd cannot.

type Operation = OpenAPIV3_1.OperationObject;

const served = async () => {
  const res = await call("GET", "/openapi.json");
  expect(res.status).toBe(200);
  return res.json<OpenAPIV3_1.Document>();
};

/** "METHOD /path" of every operation, paths as OpenAPI writes them. */
const operations = (document: OpenAPIV3_1.Document) =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path}`,
      op: op as Operation,
    })),
  );

/** The routes of a Hono app that the document leaves without a summary or a description. */
async function undescribed(hono: Hono<AppEnv>) {
  return operations(await contractDocument(hono))
    .filter(({ op }) => !op.summary?.trim() || !op.description?.trim())
    .map(({ route }) => route);
}

describe("the OpenAPI document", () => {
  it("is served to anyone, dev mode or not", async () => {
    for (const DEV_MODE of ["true", undefined]) {
      const res = await call("GET", "/openapi.json", { env: { DEV_MODE } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ openapi: "3.1.0", info: { title: "Bookie API" } });
    }
  });

  it("lists every route of the app, and nothing else", async () => {
    const routes = new Set(
      app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(routes.size).toBeGreaterThan(50);
    expect(operations(await served()).map(({ route }) => route)).toEqual(expect.arrayContaining([...routes]));
    expect(operations(await served()).length).toBe(routes.size);
  });

  it("describes every route", async () => {
    expect(await undescribed(app)).toEqual([]);
  });

  it("names a route that has no description", async () => {
    const described = doc({ tag: "Service", summary: "Ping", description: "Answers.", answer: answers.Ok });
    const hono = new Hono<AppEnv>()
      .get("/ping", described, (c) => c.json({ ok: true as const }))
      .post("/echo", validate("json", v.object({ text: v.string() })), (c) => c.json(c.req.valid("json")))
      .get("/bare", (c) => c.text("bare"));
    expect(await undescribed(hono)).toEqual(["POST /echo", "GET /bare"]);
  });

  it("gives every route its success answer and its refusals in the one error body", async () => {
    for (const { route, op } of operations(await served())) {
      const statuses = Object.keys(op.responses ?? {});
      const success = statuses.find((s) => s.startsWith("2"));
      expect(success, route).toBeDefined();
      // One kind of content, but for a 204, which has none.
      expect(Object.keys((op.responses![success!] as OpenAPIV3_1.ResponseObject).content ?? {}), route).toHaveLength(
        success === "204" ? 0 : 1,
      );
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = (op.responses![status] as OpenAPIV3_1.ResponseObject).content!["application/json"].schema!;
        expect(JSON.stringify(schema), `${route} ${status}`).toContain("#/components/schemas/Error");
      }
    }
  });

  it("takes its request schemas from the routes' validators", async () => {
    const document = await served();
    const add = document.paths!["/balances/add"]!.post!;
    const body = (add.requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"].schema;
    expect(body).toMatchObject({ type: "object", required: ["userId", "balance"] });
    expect(add.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "Idempotency-Key" }));
    const history = document.paths!["/bets/{bookmakerId}"]!.get!.parameters;
    expect(history).toContainEqual(expect.objectContaining({ in: "path", name: "bookmakerId", required: true }));
    expect(history).toContainEqual(expect.objectContaining({ in: "query", name: "days" }));
  });

  it("marks a route that needs credentials, and such a route refuses a call without them", async () => {
    for (const { route, op } of operations(await served())) {
      const [method, path] = route.split(" ");
      // A known bot username spares GET /config its call to Telegram.
      const res = await call(method, path.replace(/\{\w+\}/g, "1"), { env: { BOT_USERNAME: "bookie_bot" } });
      const needsCredentials = (op.security ?? []).length > 0;
      expect(res.status === 401, `${route} answered ${res.status}`).toBe(needsCredentials);
      if (needsCredentials) expect(Object.keys(op.responses ?? {}), route).toContain("401");
    }
  });

  it("marks the dev routes, which do not exist without dev mode", async () => {
    const dev = operations(await served()).filter(({ op }) => (op as Record<string, unknown>)["x-dev-only"]);
    expect(dev.map(({ route }) => route).sort()).toEqual([
      "GET /dev/init-data",
      "GET /dev/outbox",
      "GET /docs",
      "POST /dev/outbox/{messageId}/press",
      "POST /dev/pay/{invoiceId}",
    ]);
    for (const { route } of dev) {
      const [method, path] = route.split(" ");
      expect((await call(method, path.replace(/\{\w+\}/g, "1"), { env: { DEV_MODE: undefined } })).status).toBe(404);
    }
  });
});

describe("the reference page", () => {
  it("reads /openapi.json in dev mode", async () => {
    const res = await call("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("/openapi.json");
  });

  it("is not found without dev mode", async () => {
    for (const DEV_MODE of ["false", undefined]) {
      expect((await call("GET", "/docs", { env: { DEV_MODE } })).status).toBe(404);
    }
  });
});
