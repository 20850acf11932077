import { Hono } from "hono";
import * as v from "valibot";
import { offeredPrices } from "../../audit/queries";
import type { AppEnv } from "../../env";
import { requireUser } from "../../identity/require-user";
import { AppError, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { IdParam, validate } from "../../lib/validate";
import * as docs from "./docs";
import { acceptedAgeMs, unchanged, versioned } from "../../lib/versions";
import { keepState, playerListStatement, recentState, type PlayerListState } from "../read/player-list-state";
import { ownTotals, playerEvents, readOwnTotals, type OwnTotalRow } from "../read/views";
import { BOOKMAKER_NOT_FOUND, EVENT_NOT_FOUND } from "../../../common/refusals";
import { en } from "../../lib/words";

const MEMBERS_ONLY = en("Only this bookmaker's approved punters see his events.");

/** Punters see events started within this many days, or later. */
export const PLAYER_EVENT_DAYS = 15;

const Query = v.object({ fractional: v.optional(v.picklist(["true", "false"], en("Must be true or false."))) });

export const playerRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/events/:bookmakerId",
    docs.playerEvents,
    validate("param", v.object({ bookmakerId: IdParam })),
    validate("query", Query),
    async (c) => {
      const { bookmakerId } = c.req.valid("param");
      const { userId } = c.get("user");
      const fractionalAsked = c.req.valid("query").fractional === "true";
      const now = nowIso();
      const since = new Date(Date.now() - PLAYER_EVENT_DAYS * 864e5).toISOString();
      const db = c.env.DB;
      const list = { bookmakerId, userId, since, now };
      const asking = c.req.header("If-None-Match") !== undefined;
      let state: PlayerListState | null;
      let own: OwnTotalRow[] | undefined;
      // A poll that accepts versions a second old (the mini-app's do), when this isolate read
      // them that recently: unchanged, a 304 with no read at all; changed, the answer at those
      // versions, with only the punter's own stakes read now.
      const recent = asking ? recentState(list, acceptedAgeMs(c)) : null;
      if (recent && (!fractionalAsked || recent.fractional === 1)) {
        const notModified = unchanged(c, parts(recent));
        if (notModified) return notModified;
        state = recent;
        own = await readOwnTotals(db, list);
      } else {
        // One small read: who may see the list, and the versions of everything it shows; for a
        // caller holding no version (who needs the answer anyway) his own stakes too.
        const readAt = Date.now();
        state = await playerListStatement(db, list, !asking).first<PlayerListState>();
        keepState(list, state, readAt);
        if (state && !asking) own = ownTotals(state.own);
      }
      if (!state) throw notFound(BOOKMAKER_NOT_FOUND);
      if (state.membership_status !== "APPROVED") throw new AppError("FORBIDDEN", 403, MEMBERS_ONLY);
      if (fractionalAsked && state.fractional !== 1) {
        throw new AppError("FEATURE_UNAVAILABLE", 403, en("This bookmaker does not have access to fractional odds."));
      }
      return versioned(c, parts(state), () =>
        playerEvents(db, {
          bookmakerId,
          userId,
          requestId: state.membership_id!,
          since,
          versions: state.events ?? "",
          withWhatIf: state.what_if === 1,
          withFractional: state.fractional === 1,
          caps: { maxStakeCents: state.max_stake_cents, maxPayoutCents: state.max_payout_cents },
          own,
        }),
      );
    },
  )

  // The book's approved punters see it in the bet dialog, its owner and staff on the draft screen.
  .get(
    "/events/:bookmakerId/:eventId/prices",
    docs.prices,
    validate("param", v.object({ bookmakerId: IdParam, eventId: IdParam })),
    async (c) => {
      const { bookmakerId, eventId } = c.req.valid("param");
      const { userId } = c.get("user");
      const seen = await c.env.DB.prepare(
        `SELECT b.owner_id, m.status, (SELECT e.id FROM events e WHERE e.id = ?3 AND e.bookmaker_id = b.id) AS event_id,
           EXISTS (SELECT 1 FROM staff st WHERE st.bookmaker_id = b.id AND st.user_id = ?2) AS staff
         FROM bookmakers b LEFT JOIN memberships m ON m.bookmaker_id = b.id AND m.user_id = ?2 WHERE b.id = ?1`,
      )
        .bind(bookmakerId, userId, eventId)
        .first<{ owner_id: number; status: string | null; event_id: number | null; staff: number }>();
      if (!seen) throw notFound(BOOKMAKER_NOT_FOUND);
      // Every role of the book's staff sees its events (bookmakers/access.ts, EVENTS).
      if (seen.owner_id !== userId && seen.staff !== 1 && seen.status !== "APPROVED")
        throw new AppError("FORBIDDEN", 403, MEMBERS_ONLY);
      if (seen.event_id === null) throw notFound(EVENT_NOT_FOUND);
      return c.json(await offeredPrices(c.env.DB, bookmakerId, eventId));
    },
  );

/** What the list's ETag is made of. */
const parts = (state: PlayerListState) => [
  state.membership_id,
  // His limits bound the stakes offered to him.
  state.max_stake_cents,
  state.max_payout_cents,
  state.events,
  state.what_if === 1,
  state.fractional === 1,
];
