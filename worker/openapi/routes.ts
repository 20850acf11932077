import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import type { Schema } from "hono/types";
import type { OpenAPIV3_1 } from "openapi-types";
import { devOnly } from "../dev/mode";
import type { AppEnv } from "../env";
import { contractDocument } from "./document";
import * as docs from "./docs";

/** GET /openapi.json for anyone, and in dev mode GET /docs, the reference page that reads it. */
export function contractRoutes<S extends Schema>(app: Hono<AppEnv, S>) {
  // Made once per isolate, at the first call: the routes do not change while it runs.
  let document: Promise<OpenAPIV3_1.Document> | undefined;
  const made = () =>
    (document ??= contractDocument(app).catch((err: unknown) => {
      document = undefined;
      throw err;
    }));
  return new Hono<AppEnv>()
    .get("/openapi.json", docs.openApi, async (c) => c.json(await made()))
    .get("/docs", docs.reference, devOnly, Scalar({ url: "/openapi.json", pageTitle: "Bookie API" }));
}
