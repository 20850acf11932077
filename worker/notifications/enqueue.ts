import type { Context } from "hono";
import type { AppEnv, Env } from "../env";
import type { FanOut, QueueMessage } from "./messages";

// Routes hand their messages over after the work has committed and been answered: the reads
// that build them and the enqueue run after the answer (waitUntil), so a caller never waits
// on them, and a failure is logged, never turned into a failed operation.

/** sendBatch takes at most 100 messages. */
const BATCH = 100;

export async function enqueue(env: Env, messages: QueueMessage[]): Promise<void> {
  if (!env.NOTIFICATIONS) return;
  for (let i = 0; i < messages.length; i += BATCH) {
    await env.NOTIFICATIONS.sendBatch(
      messages.slice(i, i + BATCH).map((body) => ({ body, contentType: "json" as const })),
    );
  }
}

/** Builds and enqueues messages once the answer is out. */
export function notifyAfter(c: Context<AppEnv>, build: (env: Env) => Promise<QueueMessage[]>): void {
  const env = c.env;
  if (!env.NOTIFICATIONS) return;
  const task = build(env)
    .then((messages) => enqueue(env, messages))
    .catch((err) => console.error("bot messages not enqueued", err));
  c.executionCtx.waitUntil(task);
}

/** A settlement or a new event: the consumer reads who to tell and writes to each of them. */
export const fanOutAfter = (c: Context<AppEnv>, job: FanOut) => notifyAfter(c, async () => [job]);
