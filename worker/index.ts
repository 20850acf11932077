import { app } from "./app";
import type { Env } from "./env";
import { dailyRetention } from "./schedule/retention";
import { dailyUpkeep } from "./schedule/upkeep";
import { expirePriceRequests, PRICE_REQUESTS_CRON } from "./schedule/price-requests";
import { consumeQueue } from "./notifications/consumer";
import type { QueueMessage } from "./notifications/messages";

export { EventRoom } from "./events/room/room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(
      controller.cron === PRICE_REQUESTS_CRON
        ? expirePriceRequests(env)
        : Promise.all([dailyUpkeep(env.DB), dailyRetention(env)]),
    ),
  queue: (batch, env) => consumeQueue(batch, env),
} satisfies ExportedHandler<Env, QueueMessage>;
