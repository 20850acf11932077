import { sign, verify } from "hono/jwt";
import type { SessionUser } from "../env";
import { Kept } from "../lib/kept";

// Session tokens: HS256 JWTs, valid for 24 h. The algorithm is pinned on verification,
// so "alg: none" or an RS/HS confusion is refused.
export const SESSION_SECONDS = 24 * 60 * 60;
const ALG = "HS256";

// The HMAC key is imported once per isolate and secret rather than on every request (hono's
// verify imports a string secret each time): every call but sign-in checks a token.
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

export async function issueSession(user: SessionUser, secret: string, nowSeconds: number): Promise<string> {
  return sign(
    { sub: String(user.userId), username: user.username, iat: nowSeconds, exp: nowSeconds + SESSION_SECONDS },
    await keyOf(secret),
    ALG,
  );
}

// A token checked once in this isolate is known until it expires: the polls an open app makes
// every few seconds carry the same token, and its signature need not be checked each time.
// Keyed by the whole token, so another signature or payload is a token checked afresh.
const checked = new Kept<{ secret: string; user: SessionUser; exp: number }>(10_000);

/** The session's user, or null for any token we did not issue or that has expired. */
export async function readSession(token: string, secret: string): Promise<SessionUser | null> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const known = checked.get(token, Infinity);
  if (known && known.secret === secret) return nowSeconds < known.exp ? known.user : null;
  try {
    const payload = await verify(token, await keyOf(secret), ALG);
    // Every token we issue carries exp; one without it is not ours.
    if (typeof payload.exp !== "number") return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.username !== "string") return null;
    const user = { userId, username: payload.username };
    checked.set(token, { secret, user, exp: payload.exp });
    return user;
  } catch {
    return null;
  }
}
