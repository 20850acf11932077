import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { callBotApi } from "./bot-api";

/** The mini-app's address, carrying the start parameter the way a `startapp` link would. */
export function webAppUrl(env: Env, startParam?: string) {
  // eslint-disable-next-line no-restricted-syntax -- operator-facing
  if (!env.WEB_ORIGIN) throw new AppError("MISCONFIGURED", 500, "The server is missing its WEB_ORIGIN.");
  const url = new URL(env.WEB_ORIGIN);
  if (startParam) url.searchParams.set("startapp", startParam);
  return url.toString();
}

// getMe's answer, per bot token, for the isolate's life: a bot's username does not change under
// one token. A failure is not remembered, so the next request asks again.
const known = new Map<string, string>();

/** The bot's username (no "@"): BOT_USERNAME, else getMe's; null when neither can say. */
export async function botUsername(env: Env): Promise<string | null> {
  const configured = env.BOT_USERNAME?.trim().replace(/^@/, "");
  if (configured) return configured;
  const token = env.BOT_TOKEN;
  if (!token) return null;
  if (known.has(token)) return known.get(token)!;
  try {
    const me = await callBotApi<{ username?: string }>(env, "getMe", {});
    if (!me.username) return null;
    known.set(token, me.username);
    return me.username;
  } catch (err) {
    console.warn("getMe failed", err);
    return null;
  }
}

/** `t.me/<bot>?startapp=<param>`: a link that opens the mini-app in any chat, at `param`. */
export const startAppLink = (username: string, startParam: string) =>
  `https://t.me/${username}?startapp=${encodeURIComponent(startParam)}`;
