import type { QueueMessage } from "./notifications/messages";

/**
 * Bindings and configuration of the API worker. wrangler.toml's bindings and vars are
 * `WranglerEnv`, generated from it by `npm run types` (worker-configuration.d.ts; `npm run
 * typecheck` fails when it is not current); here are what wrangler.toml cannot say: the secrets,
 * the local settings (scripts/dev.mjs, the tests' vitest.config.ts) and the queue's message type.
 */
export interface Env extends Omit<WranglerEnv, "NOTIFICATIONS"> {
  /** The bot's messages, sent by the queue consumer (worker/notifications); absent where no queue is bound. */
  NOTIFICATIONS?: Queue<QueueMessage>;
  /** Telegram bot token: signs init data and calls the Bot API. A secret. */
  BOT_TOKEN?: string;
  /** Signs our session JWTs. A secret. */
  JWT_SECRET?: string;
  /** Telegram echoes it in X-Telegram-Bot-Api-Secret-Token on webhook calls. A secret. */
  WEBHOOK_SECRET?: string;
  /** "true" only in local development: turns on /dev/* routes. */
  DEV_MODE?: string;
  /** The bot's username, for GET /config; without it the API asks the Bot API's getMe. */
  BOT_USERNAME?: string;
  /** Seconds before the first retry of a message Telegram failed (5xx); doubles each try. Default 2. */
  BOT_RETRY_SECONDS?: string;
  /** "false" leaves out the line per request (lib/request-log.ts): the tests, whose thousands of calls it would bury. */
  LOG_REQUESTS?: string;
}

/** The authenticated caller, set by `requireUser`. */
export interface SessionUser {
  userId: number;
  username: string;
}

export interface AppEnv {
  Bindings: Env;
  /** `requestId` is set for every request (lib/request-log.ts); `user` once signed in. */
  Variables: { user: SessionUser; requestId: string };
}

export const isDevMode = (env: Env) => env.DEV_MODE === "true";
