import type { EventRoom } from "./events/room/room";
import type { QueueMessage } from "./notifications/messages";

/** Bindings and configuration of the API worker (wrangler.toml, secrets, scripts/dev.mjs). */
export interface Env {
  DB: D1Database;
  EVENT_ROOM: DurableObjectNamespace<EventRoom>;
  /** The bot's messages, sent by the queue consumer (worker/notifications). */
  NOTIFICATIONS?: Queue<QueueMessage>;
  /** Rate limits (`[[ratelimits]]` in wrangler.toml): sign-in per client address, writes, bets and ticket lookups per user. */
  SIGN_IN_LIMIT: RateLimit;
  WRITE_LIMIT: RateLimit;
  BET_LIMIT: RateLimit;
  TICKET_LIMIT: RateLimit;
  /** Telegram bot token: signs init data and calls the Bot API. A secret. */
  BOT_TOKEN?: string;
  /** Signs our session JWTs. A secret. */
  JWT_SECRET?: string;
  /** Telegram echoes it in X-Telegram-Bot-Api-Secret-Token on webhook calls. A secret. */
  WEBHOOK_SECRET?: string;
  /** "true" only in local development: turns on /dev/* routes. */
  DEV_MODE?: string;
  /** The web app's origin, for CORS. */
  WEB_ORIGIN?: string;
  /** The bot's username, for GET /config; without it the API asks the Bot API's getMe. */
  BOT_USERNAME?: string;
  /** The Bot API base URL; tests point it at a fake. */
  TELEGRAM_API_URL?: string;
  /** Seconds before the first retry of a message Telegram failed (5xx); doubles each try. Default 2. */
  BOT_RETRY_SECONDS?: string;
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
