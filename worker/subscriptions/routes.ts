import { Hono } from "hono";
import * as v from "valibot";
import type { CatalogueItem, UserSubscription } from "../contract";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { notFound } from "../lib/errors";
import { IdParam, validate } from "../lib/validate";
import { createInvoice } from "../payments/invoices";
import { catalogue, catalogueItem, everHeldBookmaker, priceFor, toCatalogueItem } from "./catalogue";
import { holdingsOf, holdingsOfBook, toUserSubscription } from "./holdings";
import { versioned } from "../lib/versions";
import { NO_PROFILE } from "../../common/refusals";
import * as docs from "./docs";
import { acceptedLanguage, en } from "../lib/words";

const SubscriptionId = v.union(
  [
    v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)),
  ],
  en("Must be a subscription id."),
);
const PurchaseBody = v.object({ subscriptionId: SubscriptionId });

async function userSubscriptions(db: D1Database, userId: number): Promise<UserSubscription[]> {
  const now = Date.now();
  return (await holdingsOf(db, userId)).map((row) => toUserSubscription(row, now));
}

async function invoiceFor(
  c: { env: AppEnv["Bindings"]; req: { url: string; header: (name: string) => string | undefined } },
  userId: number,
  subscriptionId: number,
) {
  const item = await catalogueItem(c.env.DB, subscriptionId);
  if (!item) throw notFound(en("No such subscription."));
  // The invoice's description is said in the language the mini-app asks in.
  const language = acceptedLanguage(c.req.header("Accept-Language"));
  return createInvoice(c.env, userId, item, new URL(c.req.url).origin, language);
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.catalogue, async (c) => {
    const { userId } = c.get("user");
    const [items, held] = await Promise.all([catalogue(c.env.DB), everHeldBookmaker(c.env.DB, userId)]);
    const priced: CatalogueItem[] = items.map((item) => toCatalogueItem(item, priceFor(item, held)));
    return c.json(priced);
  })

  // The caller's own, profile or not: a BOOKMAKER subscription is bought before the profile.
  .get("/mine", docs.mine, async (c) => c.json(await userSubscriptions(c.env.DB, c.get("user").userId)))

  // A handful of rows, read in one query whether the answer is 304 or 200: the ETag is made
  // from them as they read now (an end date passing changes them with no write).
  .get("/active/:bookmakerId", docs.ofBook, validate("param", v.object({ bookmakerId: IdParam })), async (c) => {
    const rows = await holdingsOfBook(c.env.DB, c.req.valid("param").bookmakerId);
    if (!rows) throw notFound(NO_PROFILE);
    const now = Date.now();
    const body = rows.map((row) => toUserSubscription(row, now));
    return versioned(c, [body], async () => body);
  })

  .post("/purchase", docs.purchase, validate("json", PurchaseBody), async (c) =>
    c.json(await invoiceFor(c, c.get("user").userId, c.req.valid("json").subscriptionId)),
  )

  .post(
    "/invoice/:subscriptionId",
    docs.invoiceOf,
    validate("param", v.object({ subscriptionId: IdParam })),
    async (c) => c.json(await invoiceFor(c, c.get("user").userId, c.req.valid("param").subscriptionId)),
  );
