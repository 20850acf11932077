import { sign, verify } from "hono/jwt";
import type { SessionUser } from "../env";

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

/** The session's user, or null for any token we did not issue or that has expired. */
export async function readSession(token: string, secret: string): Promise<SessionUser | null> {
  try {
    const payload = await verify(token, await keyOf(secret), ALG);
    // Every token we issue carries exp; one without it is not ours.
    if (typeof payload.exp !== "number") return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.username !== "string") return null;
    return { userId, username: payload.username };
  } catch {
    return null;
  }
}
