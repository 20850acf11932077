import { sign, verify } from "hono/jwt";
import type { SessionUser } from "../env";

// Session tokens: HS256 JWTs, valid for 24 h. The algorithm is pinned on verification,
// so "alg: none" or an RS/HS confusion is refused.
export const SESSION_SECONDS = 24 * 60 * 60;
const ALG = "HS256";

export function issueSession(user: SessionUser, secret: string, nowSeconds: number): Promise<string> {
  return sign({ sub: String(user.userId), username: user.username, iat: nowSeconds, exp: nowSeconds + SESSION_SECONDS }, secret, ALG);
}

/** The session's user, or null for any token we did not issue or that has expired. */
export async function readSession(token: string, secret: string): Promise<SessionUser | null> {
  try {
    const payload = await verify(token, secret, ALG);
    // Every token we issue carries exp; one without it is not ours.
    if (typeof payload.exp !== "number") return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.username !== "string") return null;
    return { userId, username: payload.username };
  } catch {
    return null;
  }
}
