import type { Env } from "../env";
import { AppError } from "../lib/errors";

/** A required secret; a deployment without it answers 500 MISCONFIGURED rather than run insecurely. */
export function secret(env: Env, name: "BOT_TOKEN" | "JWT_SECRET" | "WEBHOOK_SECRET"): string {
  const value = env[name];
  // eslint-disable-next-line no-restricted-syntax -- operator-facing
  if (!value) throw new AppError("MISCONFIGURED", 500, `The server is missing its ${name}.`);
  return value;
}
