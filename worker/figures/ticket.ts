import { createMiddleware } from "hono/factory";
import { sign, verify } from "hono/jwt";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { secret } from "../identity/secrets";
import { AppError } from "../lib/errors";
import { en } from "../lib/words";

// Telegram's downloadFile fetches the file itself, without our Authorization header. A ticket
// in the link stands in for it: signed like a session but good for five minutes and for one
// file kind only, and without the username a session carries, so it never passes as one.

const ALG = "HS256";
const TICKET_SECONDS = 5 * 60;
const SCOPE = "csv-download";

export type CsvFile = "figures" | "ledger" | "audit";

export const issueTicket = (
  userId: number,
  file: CsvFile,
  jwtSecret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) =>
  sign({ sub: String(userId), scope: SCOPE, file, iat: nowSeconds, exp: nowSeconds + TICKET_SECONDS }, jwtSecret, ALG);

async function readTicket(token: string, file: CsvFile, jwtSecret: string): Promise<number | null> {
  try {
    const payload = await verify(token, jwtSecret, ALG);
    if (payload.scope !== SCOPE || payload.file !== file || typeof payload.exp !== "number") return null;
    const userId = Number(payload.sub);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

/** The caller of a CSV route: a valid `?ticket=` for this file, or the usual session header. */
export const csvCaller = (file: CsvFile) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const ticket = c.req.query("ticket");
    if (ticket === undefined) return requireUser(c, next);
    const userId = await readTicket(ticket, file, secret(c.env, "JWT_SECRET"));
    if (userId === null)
      throw new AppError("UNAUTHENTICATED", 401, en("This download link has expired; export again."));
    c.set("user", { userId, username: "" });
    await next();
  });
