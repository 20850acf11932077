import { Hono, type Context } from "hono";
import * as v from "valibot";
import { BOOKMAKER_NOT_FOUND } from "../../common/refusals";
import { bookmakerById } from "../bookmakers/queries";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { AppError, forbidden, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { IdParam, validate } from "../lib/validate";
import { en, words } from "../lib/words";
import * as docs from "./docs";
import {
  candidateStatement,
  putStaffStatements,
  removeStaffStatements,
  staffOf,
  toStaff,
  type Candidate,
  type StaffRow,
} from "./queries";
import { StaffBody } from "./schemas";

// A book's staff (docs/rules/staff.md "Staff" and "The counter"): only its owner adds, lists and removes them.

const BookParam = v.object({ bookmakerId: IdParam });
const MemberParam = v.object({ bookmakerId: IdParam, userId: IdParam });

/** The caller's own book, or the refusal. */
async function ownBook(c: Context<AppEnv>, bookmakerId: number) {
  const row = await bookmakerById(c.env.DB, bookmakerId);
  if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
  if (row.owner_id !== c.get("user").userId) throw forbidden(en("Only the bookmaker can manage his staff."));
  return row;
}

/** Why `who` cannot be on the book's staff, read as D1 holds it now; null when he can. */
function candidateRefusal(who: Candidate | null, username: string, book: { id: number; owner_id: number }) {
  if (!who) return notFound(words("No user @{username} has opened the app yet.", { username }));
  if (who.id === book.owner_id) return new AppError("CONFLICT", 409, en("You own this book: you are not its staff."));
  // One place in the app's books: a bookmaker runs his own, and works in no other.
  if (who.owns_a_book === 1)
    return new AppError("CONFLICT", 409, words("@{username} runs a book of his own.", { username: who.username }));
  if (who.membership === "CREATED" || who.membership === "APPROVED")
    return new AppError(
      "CONFLICT",
      409,
      words("@{username} is a punter of this book; staff cannot bet in it.", { username: who.username }),
    );
  if (who.works_for !== null && who.works_for !== book.id)
    return new AppError("CONFLICT", 409, words("@{username} works for another book.", { username: who.username }));
  return null;
}

export const staffRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:bookmakerId/staff", docs.list, validate("param", BookParam), async (c) => {
    const { bookmakerId } = c.req.valid("param");
    await ownBook(c, bookmakerId);
    return c.json(await staffOf(c.env.DB, bookmakerId));
  })
  .put("/:bookmakerId/staff", docs.put, validate("param", BookParam), validate("json", StaffBody), async (c) => {
    const { bookmakerId } = c.req.valid("param");
    const { username, role } = c.req.valid("json");
    const book = await ownBook(c, bookmakerId);
    const db = c.env.DB;
    const read = () => candidateStatement(db, bookmakerId, username).first<Candidate>();
    const who = await read();
    const refused = candidateRefusal(who, username, book);
    if (refused) throw refused;
    const write = putStaffStatements(db, {
      bookmakerId,
      userId: who!.id,
      role,
      actorId: c.get("user").userId,
      now: nowIso(),
    });
    try {
      const results = await db.batch(write);
      return c.json(toStaff(results[results.length - 1].results[0] as StaffRow));
    } catch (err) {
      // A guard aborted the batch (he asked to join, or another book took him, meanwhile): say why from D1 now.
      if (!(err instanceof Error) || !/constraint failed: staff\./.test(err.message)) throw err;
      throw (
        candidateRefusal(await read(), username, book) ??
        new AppError("CONFLICT", 409, en("The book changed while you saved this; try again."))
      );
    }
  })
  .delete("/:bookmakerId/staff/:userId", docs.remove, validate("param", MemberParam), async (c) => {
    const { bookmakerId, userId } = c.req.valid("param");
    await ownBook(c, bookmakerId);
    const [, removed] = await c.env.DB.batch(
      removeStaffStatements(c.env.DB, { bookmakerId, userId, actorId: c.get("user").userId, now: nowIso() }),
    );
    if (removed.results.length === 0) throw notFound(en("Not on this book's staff."));
    return c.body(null, 204);
  });
