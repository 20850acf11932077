import { app } from "./app";
import type { Env } from "./env";

export { EventRoom } from "./events/room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
