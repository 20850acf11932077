import { Hono } from "hono";
import * as v from "valibot";
import type { BookmakerLists, Me } from "../contract";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { unknownUser } from "../identity/users";
import { openAccount, pool } from "../ledger/accounts";
import { AppError, forbidden, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { holdsSubscriptionSql } from "../subscriptions/activity";
import { holdingOf } from "../subscriptions/holdings";
import { IdParam, validate } from "../lib/validate";
import { NameBody, TermsBody } from "./profile";
import { requireBook } from "./access";
import { bookmakerById, bookmakerCards, bookmakerOwnedBy, directoryState, toBookmakerDto } from "./queries";
import { versioned } from "../lib/versions";
import * as docs from "./docs";
import { deletionWarning } from "../schedule/retention";
import { BOOKMAKER_NOT_FOUND, SUBSCRIPTION_NOT_FOUND } from "../../common/refusals";
import { en } from "../lib/words";
import { staffPost } from "../staff/queries";
import { nameSkeleton } from "../../common/look-alike";

/**
 * What registering depends on, in one read: the caller's user row (a session is checked by
 * signature alone), an active BOOKMAKER subscription, and no profile yet.
 */
async function registrant(db: D1Database, userId: number, now: string) {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1) AS known,
         ${holdsSubscriptionSql("?1", "'BOOKMAKER'", "?2")} AS subscribed,
         EXISTS (SELECT 1 FROM bookmakers WHERE owner_id = ?1) AS has_profile`,
    )
    .bind(userId, now)
    .first<{ known: number; subscribed: number; has_profile: number }>();
  return { known: row?.known === 1, subscribed: row?.subscribed === 1, hasProfile: row?.has_profile === 1 };
}

/** Whether a write failed on another book's name: the unique indexes on the name and on its skeleton. */
const isNameClash = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: bookmakers\.name/.test(err.message);

/**
 * Why `name` cannot be had, once its insert or update clashed: another book (not `ownId`) has it
 * whatever its case, or a name that looks like it (docs/decisions/languages.md, "Names and texts in any script").
 */
async function nameTaken(db: D1Database, name: string, skeleton: string, ownId: number) {
  const { results } = await db
    .prepare(`SELECT name FROM bookmakers WHERE (name = ?1 COLLATE NOCASE OR name_skeleton = ?2) AND id <> ?3`)
    .bind(name, skeleton, ownId)
    .all<{ name: string }>();
  const same = results.some((other) => other.name.toLowerCase() === name.toLowerCase());
  return new AppError(
    "NAME_TAKEN",
    409,
    same ? en("This name is taken.") : en("This name looks like another book's name."),
  );
}

export const bookmakerRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/authorizeMe", docs.me, async (c) => {
    const { userId, username } = c.get("user");
    const [row, post] = await Promise.all([bookmakerOwnedBy(c.env.DB, userId), staffPost(c.env.DB, userId)]);
    const me: Me = {
      userId,
      username,
      bookmakerDto: row ? toBookmakerDto(row) : null,
      staffOf: post && { bookmakerId: post.bookmaker_id, role: post.role },
    };
    if (row) {
      const deletesOn = deletionWarning((await holdingOf(c.env.DB, userId, "BOOKMAKER"))?.end_date ?? null, Date.now());
      if (deletesOn) me.bookDeletesOn = deletesOn;
    }
    return c.json(me);
  })

  .get("/", docs.directory, async (c) => {
    const { userId } = c.get("user");
    const now = nowIso();
    const state = await directoryState(c.env.DB, userId, now);
    return versioned(
      c,
      [userId, state?.directory, state?.next_end, state?.coins],
      async (): Promise<BookmakerLists> => {
        const cards = await bookmakerCards(c.env.DB, userId, now);
        const isMember = (s: string | undefined) => s === "CREATED" || s === "APPROVED";
        return {
          activeBookmakers: cards.filter((b) => isMember(b.joinRequestStatus)),
          inactiveBookmakers: cards.filter((b) => !isMember(b.joinRequestStatus)),
        };
      },
    );
  })

  .put("/register", docs.register, validate("json", NameBody), async (c) => {
    const { userId } = c.get("user");
    const { name } = c.req.valid("json");
    const caller = await registrant(c.env.DB, userId, nowIso());
    if (!caller.known) throw unknownUser();
    // A name is held only under a BOOKMAKER subscription (docs/DECISIONS.md), so none can be squatted for free.
    if (!caller.subscribed) throw new AppError("SUBSCRIPTION_REQUIRED", 403, SUBSCRIPTION_NOT_FOUND);
    if (caller.hasProfile) throw new AppError("CONFLICT", 409, en("You already have a bookmaker profile."));
    const skeleton = nameSkeleton(name);
    try {
      // The pool may exist already: a subscription paid before the profile carries its grant.
      const [inserted] = await c.env.DB.batch([
        c.env.DB.prepare(
          `INSERT INTO bookmakers (owner_id, name, name_skeleton, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id`,
        ).bind(userId, name, skeleton, nowIso()),
        openAccount(c.env.DB, pool(userId)),
      ]);
      const bookmakerId = (inserted.results[0] as { id: number }).id;
      return c.json({ bookmakerId });
    } catch (err) {
      if (isNameClash(err)) throw await nameTaken(c.env.DB, name, skeleton, 0);
      if (err instanceof Error && /UNIQUE constraint failed: bookmakers\.owner_id/.test(err.message)) {
        throw new AppError("CONFLICT", 409, en("You already have a bookmaker profile."));
      }
      throw err;
    }
  })

  .post("/rename", docs.rename, validate("json", NameBody), async (c) => {
    const own = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    const { name } = c.req.valid("json");
    const skeleton = nameSkeleton(name);
    try {
      await c.env.DB.prepare(`UPDATE bookmakers SET name = ?2, name_skeleton = ?3 WHERE id = ?1`)
        .bind(own.id, name, skeleton)
        .run();
    } catch (err) {
      if (isNameClash(err)) throw await nameTaken(c.env.DB, name, skeleton, own.id);
      throw err;
    }
    return c.json(toBookmakerDto({ ...own, name }));
  })

  .post(
    "/:bookmakerId/terms",
    docs.terms,
    validate("param", v.object({ bookmakerId: IdParam })),
    validate("json", TermsBody),
    async (c) => {
      const { bookmakerId } = c.req.valid("param");
      const { terms } = c.req.valid("json");
      const row = await bookmakerById(c.env.DB, bookmakerId);
      if (!row) throw notFound(BOOKMAKER_NOT_FOUND);
      if (row.owner_id !== c.get("user").userId) throw forbidden(en("Only the bookmaker can change his terms."));
      await c.env.DB.prepare(`UPDATE bookmakers SET terms = ?2 WHERE id = ?1`).bind(bookmakerId, terms).run();
      return c.json(toBookmakerDto({ ...row, terms }));
    },
  );
