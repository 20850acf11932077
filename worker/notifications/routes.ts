import { forgetBigBetThreshold } from "./triggers";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { isWholeCents, MAX_CENTS } from "../lib/money";
import { validate } from "../lib/validate";
import * as docs from "./docs";
import { changeSettings, settingsAnswer, settingsOf } from "./settings";
import { en } from "../lib/words";

const Switch = v.optional(v.boolean(en("Must be true or false.")));

/** Coins, 0 or more, two decimals at most, as cents; null turns big-bet messages off. */
const Threshold = v.optional(
  v.nullable(
    v.pipe(
      v.number(en("Must be a number or null.")),
      v.finite(en("Must be a number or null.")),
      v.minValue(0, en("Must be 0 or more.")),
      v.check(isWholeCents, en("At most 2 decimals.")),
      v.transform((n) => Math.round(n * 100)),
      v.maxValue(MAX_CENTS, en("Too large.")),
    ),
  ),
);

const SettingsBody = v.object({
  joinRequests: Switch,
  results: Switch,
  coins: Switch,
  newEvents: Switch,
  bigBetsOver: Threshold,
});

export const notificationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/notifications", docs.settings, async (c) =>
    c.json(settingsAnswer(await settingsOf(c.env.DB, c.get("user").userId))),
  )
  .put("/notifications", docs.change, validate("json", SettingsBody), async (c) => {
    const { bigBetsOver, ...switches } = c.req.valid("json");
    const row = await changeSettings(c.env.DB, c.get("user").userId, { ...switches, bigBetsOverCents: bigBetsOver });
    forgetBigBetThreshold(c.get("user").userId);
    return c.json(settingsAnswer(row));
  });
