import type { Env } from "../env";
import { AppError } from "../lib/errors";

/** The mini-app's address, carrying the start parameter the way a `startapp` link would. */
export function webAppUrl(env: Env, startParam?: string) {
  // eslint-disable-next-line no-restricted-syntax -- operator-facing
  if (!env.WEB_ORIGIN) throw new AppError("MISCONFIGURED", 500, "The server is missing its WEB_ORIGIN.");
  const url = new URL(env.WEB_ORIGIN);
  if (startParam) url.searchParams.set("startapp", startParam);
  return url.toString();
}
