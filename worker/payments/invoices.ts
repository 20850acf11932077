import type { InvoiceAnswer } from "../contract";
import { isDevMode, type Env } from "../env";
import { asKnownUser } from "../identity/users";
import { AppError } from "../lib/errors";
import { en, say, words } from "../lib/words";
import type { Language } from "../../common/languages";
import { nowIso } from "../lib/time";
import type { CatalogueRow } from "../subscriptions/catalogue";
import { BotApiError, callBotApi } from "../telegram/bot-api";
import { checkPurchase } from "./rules";

// An invoice is recorded as PENDING before Telegram shows it; its id is the opaque payload
// Telegram hands back at pre-checkout and with the payment.

/** Telegram's only accepted subscription period (createInvoiceLink, subscription_period). */
export const TELEGRAM_SUBSCRIPTION_PERIOD_SECONDS = 30 * 24 * 60 * 60;

export interface InvoiceRow {
  id: string;
  user_id: number;
  subscription_id: number;
  price_stars: number;
  status: "PENDING" | "PAID" | "CANCELLED";
  created_at: string;
  paid_at: string | null;
}

export const invoiceById = (db: D1Database, id: string) =>
  db
    .prepare(
      `SELECT id, user_id, subscription_id, price_stars, status, created_at, paid_at FROM invoices WHERE id = ?1`,
    )
    .bind(id)
    .first<InvoiceRow>();

const newInvoiceId = () => crypto.randomUUID().replaceAll("-", "");

/** A token BotFather would issue: digits, a colon, 35 characters. */
const REAL_BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{35}$/;

/**
 * Dev mode without a real bot pays through `POST /dev/pay/{invoiceId}`; a developer who runs
 * locally with a real bot token gets real invoices.
 */
export const paysThroughDevRoute = (env: Env) => isDevMode(env) && !REAL_BOT_TOKEN.test(env.BOT_TOKEN ?? "");

const DESCRIPTIONS: Record<string, string> = {
  BOOKMAKER: en("30 days of bookmaker tools: run events, approve punters, hand out coins."),
  WHAT_IF: en("30 days of what-if winnings per outcome for you and your punters."),
  FRACTAL_ODDS: en("30 days of fractional odds display for you and your punters."),
};

/** What the invoice says the item is, in the buyer's language (the item's name is the catalogue's). */
const descriptionOf = (item: CatalogueRow, language: Language) =>
  say(
    language,
    DESCRIPTIONS[item.type] ??
      words("{item} for your book's pool. 1 coin = 1 USD, settled off-platform.", { item: item.name }),
  );

/**
 * Full-price periods become Telegram Stars subscriptions, renewed by Telegram every 30 days;
 * the half-price first BOOKMAKER period is a one-off, since Telegram would renew at the same price.
 */
export const isRecurring = (item: CatalogueRow, price: number) =>
  item.period_days !== null &&
  item.period_days * 86400 === TELEGRAM_SUBSCRIPTION_PERIOD_SECONDS &&
  price === item.price_stars;

export async function createInvoice(
  env: Env,
  userId: number,
  item: CatalogueRow,
  apiOrigin: string,
  language: Language = "en",
): Promise<InvoiceAnswer> {
  const check = await checkPurchase(env.DB, userId, item);
  if (!check.ok) throw check.error;
  const invoiceId = newInvoiceId();
  // A session for a user with no row fails here, on the invoice's foreign key: 401, not 500.
  await asKnownUser(env.DB, userId, () =>
    env.DB.prepare(
      `INSERT INTO invoices (id, user_id, subscription_id, price_stars, status, created_at) VALUES (?1, ?2, ?3, ?4, 'PENDING', ?5)`,
    )
      .bind(invoiceId, userId, item.id, check.price, nowIso())
      .run(),
  );

  if (paysThroughDevRoute(env)) return { invoiceId, invoiceLink: `${apiOrigin}/dev/pay/${invoiceId}` };

  try {
    const invoiceLink = await callBotApi<string>(env, "createInvoiceLink", {
      title: item.name,
      description: descriptionOf(item, language),
      payload: invoiceId,
      provider_token: "",
      currency: "XTR",
      prices: [{ label: item.name, amount: check.price }],
      ...(isRecurring(item, check.price) ? { subscription_period: TELEGRAM_SUBSCRIPTION_PERIOD_SECONDS } : {}),
    });
    return { invoiceId, invoiceLink };
  } catch (err) {
    await env.DB.prepare(`UPDATE invoices SET status = 'CANCELLED' WHERE id = ?1`).bind(invoiceId).run();
    if (err instanceof BotApiError) {
      console.error(err.message);
      throw new AppError("INTERNAL", 502, en("Telegram did not create the invoice. Please try again."));
    }
    throw err;
  }
}
