import * as v from "valibot";
import { Coins } from "../lib/wire";

// What notifications/routes.ts answers.

export const NotificationSettings = v.object({
  joinRequests: v.boolean(),
  results: v.boolean(),
  coins: v.boolean(),
  newEvents: v.boolean(),
  bigBetsOver: v.pipe(v.nullable(Coins), v.description("A stake above it is reported; null: never.")),
  canWrite: v.pipe(v.boolean(), v.description("Whether the bot may write to the caller.")),
});
