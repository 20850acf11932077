import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { AppError, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { IdParam, validate } from "../lib/validate";
import { versioned } from "../lib/versions";
import { holdsSubscriptionSql } from "../subscriptions/activity";
import { ownTotalsStatement, playerEvents, type OwnTotalRow } from "./views";

/** Punters see events started within this many days, or later. */
export const PLAYER_EVENT_DAYS = 15;

const Query = v.object({ fractional: v.optional(v.picklist(["true", "false"], "Must be true or false.")) });

export const playerRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/events/:bookmakerId",
    validate("param", v.object({ bookmakerId: IdParam })),
    validate("query", Query),
    async (c) => {
      const { bookmakerId } = c.req.valid("param");
      const { userId } = c.get("user");
      const now = nowIso();
      const since = new Date(Date.now() - PLAYER_EVENT_DAYS * 864e5).toISOString();
      const db = c.env.DB;
      const list = { bookmakerId, userId, since, now };
      // One small read: who may see the list, and the versions of everything it shows. A first
      // read (no ETag to compare) needs the answer anyway: the punter's own stakes come in the
      // same round trip.
      let state: PlayerListState | null;
      let own: OwnTotalRow[] | undefined;
      if (c.req.header("If-None-Match") === undefined) {
        const [versions, totals] = await db.batch([playerListState(db, list), ownTotalsStatement(db, list)]);
        state = (versions.results[0] as PlayerListState | undefined) ?? null;
        own = totals.results as OwnTotalRow[];
      } else {
        state = await playerListState(db, list).first<PlayerListState>();
      }
      if (!state) throw notFound("Bookmaker not found.");
      if (state.membership_status !== "APPROVED")
        throw new AppError("FORBIDDEN", 403, "Only this bookmaker's approved punters see his events.");
      const withWhatIf = state.what_if === 1;
      const withFractional = state.fractional === 1;
      if (c.req.valid("query").fractional === "true" && !withFractional) {
        throw new AppError("FEATURE_UNAVAILABLE", 403, "This bookmaker does not have access to fractional odds.");
      }
      return versioned(c, [state.membership_id, state.events, withWhatIf, withFractional], () =>
        playerEvents(db, {
          bookmakerId,
          userId,
          requestId: state.membership_id!,
          since,
          versions: state.events ?? "",
          withWhatIf,
          withFractional,
          own,
        }),
      );
    },
  );

/**
 * The caller's membership, the bookmaker's features, and each listed event's id and version
 * (every change of an event, a bet on it included, bumps its version).
 * Reads the book's few recent events through their (bookmaker, start) index.
 */
const playerListState = (db: D1Database, a: { bookmakerId: number; userId: number; since: string; now: string }) =>
  db
    .prepare(
      `SELECT m.id AS membership_id, m.status AS membership_status,
         ${holdsSubscriptionSql("b.owner_id", "'WHAT_IF'", "?4")} AS what_if,
         ${holdsSubscriptionSql("b.owner_id", "'FRACTAL_ODDS'", "?4")} AS fractional,
         (SELECT group_concat(v) FROM (SELECT e.id || ':' || e.version AS v FROM events e
            WHERE e.bookmaker_id = ?1 AND e.start_date >= ?3 AND e.published_at IS NOT NULL ORDER BY e.id)) AS events
       FROM bookmakers b LEFT JOIN memberships m ON m.bookmaker_id = b.id AND m.user_id = ?2
       WHERE b.id = ?1`,
    )
    .bind(a.bookmakerId, a.userId, a.since, a.now);

interface PlayerListState {
  membership_id: number | null;
  membership_status: string | null;
  what_if: number;
  fractional: number;
  events: string | null;
}
