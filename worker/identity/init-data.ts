// Telegram Mini App init data: checked as https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app
// secret = HMAC_SHA256(key "WebAppData", bot token); hash = hex(HMAC_SHA256(key secret, data-check-string)).

import * as v from "valibot";

const encoder = new TextEncoder();

export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface TelegramUser {
  id: number;
  username?: string;
  first_name?: string;
  /** Telegram: the language of his app, an IETF tag ("ru", "pt-br"); absent for some clients. */
  language_code?: string;
  /** Telegram: the user allowed the bot to write to him. */
  allows_write_to_pm?: boolean;
}

/** The fields of Telegram's WebAppUser we use; any others are ignored. */
const InitDataUser = v.object({
  id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  username: v.optional(v.string()),
  first_name: v.optional(v.string()),
  language_code: v.optional(v.string()),
  allows_write_to_pm: v.optional(v.boolean()),
});

export type InitDataCheck =
  | { ok: true; user: TelegramUser; authDate: number; startParam?: string }
  | { ok: false; reason: "MALFORMED" | "BAD_SIGNATURE" | "EXPIRED" };

async function hmac(key: ArrayBuffer | Uint8Array, data: string): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(data));
}

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Compares two strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

const dataCheckString = (params: URLSearchParams) =>
  [...params.entries()]
    .filter(([key]) => key !== "hash")
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");

async function expectedHash(params: URLSearchParams, botToken: string) {
  const secret = await hmac(encoder.encode("WebAppData"), botToken);
  return toHex(await hmac(secret, dataCheckString(params)));
}

/** Verifies raw init data (the query string the client was given) against our bot token. */
export async function checkInitData(raw: string, botToken: string, nowSeconds: number): Promise<InitDataCheck> {
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: "MALFORMED" };
  if (!constantTimeEqual(await expectedHash(params, botToken), hash)) return { ok: false, reason: "BAD_SIGNATURE" };

  const authDate = Number(params.get("auth_date"));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: "MALFORMED" };
  if (nowSeconds - authDate > INIT_DATA_MAX_AGE_SECONDS) return { ok: false, reason: "EXPIRED" };

  let json: unknown;
  try {
    json = JSON.parse(params.get("user") ?? "");
  } catch {
    return { ok: false, reason: "MALFORMED" };
  }
  // A valid signature vouches for who sent the data, not for its shape: a user of the wrong
  // shape is refused like any other malformed init data.
  const parsed = v.safeParse(InitDataUser, json);
  if (!parsed.success) return { ok: false, reason: "MALFORMED" };
  const user = parsed.output;
  return { ok: true, user, authDate, startParam: params.get("start_param") ?? undefined };
}

/** Builds init data signed with `botToken`, as Telegram would: used by dev mode and tests. */
export async function signInitData(
  fields: { user: TelegramUser; authDate: number; startParam?: string; queryId?: string },
  botToken: string,
): Promise<string> {
  const params = new URLSearchParams();
  params.set("auth_date", String(fields.authDate));
  params.set("query_id", fields.queryId ?? `dev-${fields.user.id}`);
  params.set("user", JSON.stringify(fields.user));
  if (fields.startParam) params.set("start_param", fields.startParam);
  params.set("hash", await expectedHash(params, botToken));
  return params.toString();
}
