import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { AppError, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { IdParam, validate } from "../lib/validate";
import { bookmakerById } from "../bookmakers/queries";
import { membershipOf } from "../memberships/queries";
import { holdsSubscription } from "../subscriptions/activity";
import { playerEvents } from "./views";

/** Punters see events started within this many days, or later. */
export const PLAYER_EVENT_DAYS = 15;

const Query = v.object({ fractional: v.optional(v.picklist(["true", "false"], "Must be true or false.")) });

export const playerRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/events/:bookmakerId", validate("param", v.object({ bookmakerId: IdParam })), validate("query", Query), async (c) => {
    const { bookmakerId } = c.req.valid("param");
    const { userId } = c.get("user");
    const book = await bookmakerById(c.env.DB, bookmakerId);
    if (!book) throw notFound("Bookmaker not found.");
    const membership = await membershipOf(c.env.DB, bookmakerId, userId);
    if (membership?.status !== "APPROVED") throw new AppError("FORBIDDEN", 403, "Only this bookmaker's approved punters see his events.");
    const now = nowIso();
    const [withWhatIf, withFractional] = await Promise.all([
      holdsSubscription(c.env.DB, book.owner_id, "WHAT_IF", now),
      holdsSubscription(c.env.DB, book.owner_id, "FRACTAL_ODDS", now),
    ]);
    if (c.req.valid("query").fractional === "true" && !withFractional) {
      throw new AppError("FEATURE_UNAVAILABLE", 403, "This bookmaker does not have access to fractional odds.");
    }
    const since = new Date(Date.now() - PLAYER_EVENT_DAYS * 864e5).toISOString();
    return c.json(await playerEvents(c.env.DB, { bookmakerId, userId, requestId: membership.id, since, withWhatIf, withFractional }));
  });
