import { app } from "./app";
import type { Env } from "./env";
import { dailyUpkeep } from "./maintenance";

export { EventRoom } from "./events/room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(dailyUpkeep(env.DB)),
} satisfies ExportedHandler<Env>;
