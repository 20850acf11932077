import { Hono } from "hono";
import type { PublicConfig } from "../contract";
import type { AppEnv } from "../env";
import * as docs from "./docs";
import { botUsername } from "../telegram/links";

export const configRoutes = new Hono<AppEnv>().get("/", docs.config, async (c) => {
  const body: PublicConfig = { botUsername: await botUsername(c.env) };
  return c.json(body);
});
