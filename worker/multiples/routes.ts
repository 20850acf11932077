import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import type { Rebuild } from "../idempotency/keys";
import { idempotent } from "../idempotency/middleware";
import { IdParam, validate } from "../lib/validate";
import { versioned } from "../lib/versions";
import { HistoryQuery, historyWindow, mayRead, STAFF_ROLE_SQL, type HistoryAccess } from "../bets/history";
import * as docs from "./docs";
import { placeMultiple } from "./placement";
import { multipleHistory, multipleOf, multiplesVersion } from "./queries";
import { MultipleBody } from "./schemas";

// POST /bets/multiple and GET /bets/{bookmakerId}/multiples (docs/rules/multiples.md, "Multiples").

/** A placed multiple's 201 read back from D1, when the attempt that placed it died first. */
const placedAnswer: Rebuild = async (db, userId, ref) => {
  const multiple = await multipleOf(db, Number(ref.split(":")[1]), userId);
  if (!multiple) throw new Error(`no multiple for committed key ${ref}`);
  return { status: 201, body: multiple };
};

const BookParam = v.object({ bookmakerId: IdParam });

// Mounted at /bets beside the single bets' routes: `requireUser` per route, as a `.use` here would
// run (and count against the rate limits) for every /bets call a second time.
export const multipleRoutes = new Hono<AppEnv>()
  .post("/multiple", docs.place, requireUser, idempotent(placedAnswer), validate("json", MultipleBody), async (c) => {
    const { userId } = c.get("user");
    const { multipleId } = await placeMultiple(c.env.DB, userId, c.req.valid("json"), c.get("idempotencyKey"));
    return c.json((await multipleOf(c.env.DB, multipleId, userId))!, 201);
  })
  .get(
    "/:bookmakerId/multiples",
    docs.history,
    requireUser,
    validate("param", BookParam),
    validate("query", HistoryQuery),
    async (c) => {
      const { bookmakerId } = c.req.valid("param");
      const { userId } = c.get("user");
      const { subject, ownerAsking, since } = historyWindow(userId, c.req.valid("query"));
      const db = c.env.DB;
      const [access, version] = await db.batch([
        db
          .prepare(
            `SELECT bk.owner_id, ${STAFF_ROLE_SQL},
               EXISTS (SELECT 1 FROM memberships m WHERE m.bookmaker_id = ?1 AND m.user_id = ?2) AS member
             FROM bookmakers bk WHERE bk.id = ?1`,
          )
          .bind(bookmakerId, subject, null, userId),
        multiplesVersion(db, bookmakerId, subject, since),
      ]);
      const state = (access.results[0] as HistoryAccess | undefined) ?? null;
      mayRead(state, userId, ownerAsking);
      return versioned(c, [subject, (version.results[0] as { v: string }).v], () =>
        multipleHistory(db, bookmakerId, subject, since),
      );
    },
  );
