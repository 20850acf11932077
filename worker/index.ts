import { app } from "./app";
import type { Env } from "./env";
import { dailyRetention } from "./schedule/retention";
import { dailyUpkeep } from "./schedule/upkeep";
import { consumeQueue } from "./notifications/consumer";
import type { QueueMessage } from "./notifications/messages";

export { EventRoom } from "./events/room/room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(Promise.all([dailyUpkeep(env.DB), dailyRetention(env)])),
  queue: (batch, env) => consumeQueue(batch, env),
} satisfies ExportedHandler<Env, QueueMessage>;
