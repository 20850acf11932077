import type { CatalogueItem, SubscriptionType } from "../contract";
import { fromCents } from "../lib/money";

// The market's catalogue (seeded by migrations/0002_catalogue.sql) and what each item
// costs a given user: the first BOOKMAKER period is half price (docs/rules/screens.md, "Subscriptions and the market").

export interface CatalogueRow {
  id: number;
  type: SubscriptionType;
  name: string;
  price_stars: number;
  period_days: number | null;
  coins_cents: number | null;
}

const COLUMNS = `id, type, name, price_stars, period_days, coins_cents`;

export async function catalogue(db: D1Database): Promise<CatalogueRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM subscriptions ORDER BY id`).all<CatalogueRow>();
  return results;
}

export const catalogueItem = (db: D1Database, id: number) =>
  db.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ?1`).bind(id).first<CatalogueRow>();

/** Half price, rounded up so a price is never 0 Stars. */
export const firstPeriodPrice = (fullPrice: number) => Math.ceil(fullPrice / 2);

/** Whether the user ever held a BOOKMAKER subscription, expired or not: the discount is for the first period only. */
export async function everHeldBookmaker(db: D1Database, userId: number): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS held FROM user_subscriptions WHERE user_id = ?1 AND type = 'BOOKMAKER'`)
    .bind(userId)
    .first<{ held: number }>();
  return row !== null;
}

/** The price in Stars this user pays now, given whether he ever held BOOKMAKER. */
export const priceFor = (item: CatalogueRow, heldBookmaker: boolean) =>
  item.type === "BOOKMAKER" && !heldBookmaker ? firstPeriodPrice(item.price_stars) : item.price_stars;

export async function quote(db: D1Database, userId: number, item: CatalogueRow): Promise<number> {
  return priceFor(item, item.type === "BOOKMAKER" ? await everHeldBookmaker(db, userId) : true);
}

export function toCatalogueItem(item: CatalogueRow, price: number): CatalogueItem {
  return {
    subscriptionId: item.id,
    subscriptionType: item.type,
    subscriptionName: item.name,
    subscriptionPrice: price,
    ...(price !== item.price_stars ? { regularPrice: item.price_stars } : {}),
    ...(item.period_days !== null ? { periodDays: item.period_days } : {}),
    ...(item.coins_cents !== null ? { coins: fromCents(item.coins_cents) } : {}),
  };
}
