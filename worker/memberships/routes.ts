import { Hono } from "hono";
import * as v from "valibot";
import type { JoinRequestItem } from "../contract";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { asKnownUser } from "../identity/users";
import { openAccount, punter } from "../ledger/accounts";
import { AppError, forbidden, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { IdParam, validate } from "../lib/validate";
import { bookmakerById, bookmakerCard } from "../bookmakers/queries";
import { requireBook } from "../bookmakers/access";
import { membershipById, membershipOf } from "./queries";
import { staffPost } from "../staff/queries";
import * as docs from "./docs";
import { notifyAfter } from "../notifications/enqueue";
import { joinRequestMessages, membershipMessages } from "../notifications/triggers";
import { BOOKMAKER_NOT_FOUND } from "../../common/refusals";
import { en } from "../lib/words";

// Join requests: none or DECLINED → CREATED (sign); CREATED → withdrawn (sign again),
// APPROVED (approve) or DECLINED (reject). Each write is conditional on the state it was
// decided from, so two racing calls cannot both apply.

const changedMeanwhile = () =>
  new AppError("CONFLICT", 409, en("The request changed meanwhile; reload and try again."));

const RequestParam = v.object({ id: IdParam });

/** A member of a book's staff is never its punter. */
const staffCannotJoin = () => new AppError("CONFLICT", 409, en("You work for this book: its staff cannot bet in it."));

export const membershipRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:id/sign", docs.sign, validate("param", RequestParam), async (c) => {
    const { userId } = c.get("user");
    const { id: bookmakerId } = c.req.valid("param");
    const db = c.env.DB;
    const bookmaker = await bookmakerById(db, bookmakerId);
    if (!bookmaker) throw notFound(BOOKMAKER_NOT_FOUND);
    if (bookmaker.owner_id === userId) throw forbidden(en("You cannot join your own book."));
    if ((await staffPost(db, userId))?.bookmaker_id === bookmakerId) throw staffCannotJoin();

    const current = await membershipOf(db, bookmakerId, userId);
    const now = nowIso();
    let changes: number;
    const asking = !current || current.status === "DECLINED";
    if (asking) {
      // A staff member of the book added meanwhile gives a NULL user: the insert fails, and says so.
      const res = await asKnownUser(db, userId, () =>
        db
          .prepare(
            `INSERT INTO memberships (bookmaker_id, user_id, status, requested_at)
             VALUES (?1, CASE WHEN NOT EXISTS (SELECT 1 FROM staff WHERE bookmaker_id = ?1 AND user_id = ?2) THEN ?2 END, 'CREATED', ?3)
             ON CONFLICT (bookmaker_id, user_id) DO UPDATE SET status = 'CREATED', requested_at = excluded.requested_at
             WHERE memberships.status = 'DECLINED' RETURNING id`,
          )
          .bind(bookmakerId, userId, now)
          .all(),
      ).catch((err: unknown) => {
        if (err instanceof Error && /NOT NULL constraint failed: memberships\.user_id/.test(err.message))
          throw staffCannotJoin();
        throw err;
      });
      changes = res.results.length;
    } else if (current.status === "CREATED") {
      changes = (
        await db
          .prepare(`DELETE FROM memberships WHERE id = ?1 AND status = 'CREATED' RETURNING id`)
          .bind(current.id)
          .all()
      ).results.length;
    } else {
      throw new AppError("CONFLICT", 409, en("You are already a punter of this bookmaker."));
    }
    if (changes !== 1) throw changedMeanwhile();
    if (asking) notifyAfter(c, (env) => joinRequestMessages(env.DB, bookmakerId, c.get("user").username));
    // The book's card as the caller now sees it (`Bookmaker`, worker/contract.ts); gone meanwhile, 404.
    const card = await bookmakerCard(db, userId, bookmakerId, now);
    if (!card) throw notFound(BOOKMAKER_NOT_FOUND);
    return c.json(card);
  })

  .get("/requests", docs.requests, async (c) => {
    const own = await requireBook(c.env.DB, c.get("user").userId, "PUNTERS");
    const { results } = await c.env.DB.prepare(
      `SELECT m.id, m.status, u.id AS user_id, u.username FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.bookmaker_id = ?1 AND m.status = 'CREATED' ORDER BY m.requested_at, m.id`,
    )
      .bind(own.id)
      .all<{ id: number; status: "CREATED"; user_id: number; username: string }>();
    const items: JoinRequestItem[] = results.map((r) => ({
      joinRequest: { id: r.id, status: r.status },
      user: { internalId: r.user_id, username: r.username },
    }));
    return c.json(items);
  })

  .post("/requests/:id/approve", docs.approve, validate("param", RequestParam), async (c) => {
    const request = await ownPendingRequest(c.env.DB, c.req.valid("param").id, c.get("user").userId);
    const db = c.env.DB;
    // Approval and the punter's account open together, so an approved punter can always be given coins.
    const [updated] = await db.batch([
      db
        .prepare(
          `UPDATE memberships SET status = 'APPROVED', approved_at = ?2 WHERE id = ?1 AND status = 'CREATED' RETURNING id`,
        )
        .bind(request.id, nowIso()),
      openAccount(db, punter(request.owner_id, request.user_id)),
    ]);
    if (updated.results.length !== 1) throw changedMeanwhile();
    notifyAfter(c, (env) => membershipMessages(env.DB, request.bookmaker_id, request.user_id, true));
    return c.json({ joinRequest: { id: request.id, status: "APPROVED" as const } });
  })

  .post("/requests/:id/reject", docs.reject, validate("param", RequestParam), async (c) => {
    const request = await ownPendingRequest(c.env.DB, c.req.valid("param").id, c.get("user").userId);
    const res = await c.env.DB.prepare(
      `UPDATE memberships SET status = 'DECLINED' WHERE id = ?1 AND status = 'CREATED' RETURNING id`,
    )
      .bind(request.id)
      .all();
    if (res.results.length !== 1) throw changedMeanwhile();
    notifyAfter(c, (env) => membershipMessages(env.DB, request.bookmaker_id, request.user_id, false));
    return c.json({ joinRequest: { id: request.id, status: "DECLINED" as const } });
  });

const ALREADY_APPROVED = en("This request is already approved.");
const ALREADY_DECLINED = en("This request is already declined.");

/** A pending request to the book the caller runs (owner or a role with the punters); anyone else's is not found. */
async function ownPendingRequest(db: D1Database, requestId: number, userId: number) {
  const [book, request] = await Promise.all([requireBook(db, userId, "PUNTERS"), membershipById(db, requestId)]);
  if (!request || request.bookmaker_id !== book.id) throw notFound(en("Join request not found."));
  if (request.status !== "CREATED")
    throw new AppError("CONFLICT", 409, request.status === "APPROVED" ? ALREADY_APPROVED : ALREADY_DECLINED);
  return request;
}
