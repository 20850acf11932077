import type { Env } from "../env";
import { secret } from "../identity/secrets";

// A thin client of the Telegram Bot API at its configured address (tests point it at a fake).

export const DEFAULT_TELEGRAM_API_URL = "https://api.telegram.org";

/** A Bot API call that failed; `status` 0 when Telegram could not be reached. */
export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly description: string,
    /** Seconds Telegram asks us to wait, with a 429. */
    readonly retryAfter?: number,
  ) {
    super(`Bot API ${method} failed (${status}): ${description}`);
  }

  /** Worth trying again later: Telegram unreachable, busy or failing, not a refusal of the request. */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

export function botApiUrl(env: Env, method: string) {
  const base = (env.TELEGRAM_API_URL || DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, "");
  return `${base}/bot${secret(env, "BOT_TOKEN")}/${method}`;
}

export async function callBotApi<T>(env: Env, method: string, params: Record<string, unknown>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(botApiUrl(env, method), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
    });
  } catch (err) {
    throw new BotApiError(method, 0, err instanceof Error ? err.message : String(err));
  }
  let answer: BotApiAnswer<T>;
  try {
    answer = await res.json<BotApiAnswer<T>>();
  } catch {
    throw new BotApiError(method, res.status >= 400 ? res.status : 502, "not a Bot API answer");
  }
  if (!res.ok || !answer.ok || answer.result === undefined) {
    throw new BotApiError(
      method,
      answer.error_code ?? (res.ok ? 502 : res.status),
      answer.description ?? "no description",
      answer.parameters?.retry_after,
    );
  }
  return answer.result;
}
