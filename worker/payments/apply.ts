import { openAccount, pool } from "../ledger/accounts";
import { transferStatements } from "../ledger/transfer";
import { nowIso } from "../lib/time";
import { catalogueItem, type CatalogueRow } from "../subscriptions/catalogue";
import { invoiceById, type InvoiceRow } from "./invoices";

// A successful Stars payment, applied exactly once per Telegram charge id: the payment row,
// the invoice, the subscription and the coins all go in one D1 batch, so a redelivery either
// finds the charge id taken or finds nothing done.

/** Coins the first BOOKMAKER subscription brings, in cents: 10,000 coins (docs/ARCHITECTURE.md, "Money"). */
export const BOOKMAKER_GRANT_CENTS = 1_000_000;

export interface StarPayment {
  currency: string;
  totalAmount: number;
  invoicePayload: string;
  chargeId: string;
  /** Unix seconds: the end of the paid period of a Telegram Stars subscription. */
  subscriptionExpirationDate?: number;
}

export type PaymentOutcome = "APPLIED" | "DUPLICATE" | "UNKNOWN_INVOICE" | "MISMATCH";

const isTakenChargeId = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: payments\.telegram_payment_charge_id/.test(err.message);
const isSecondGrant = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: ledger\.pool_owner_id/.test(err.message);

async function alreadyApplied(db: D1Database, chargeId: string) {
  return (
    (await db.prepare(`SELECT 1 AS x FROM payments WHERE telegram_payment_charge_id = ?1`).bind(chargeId).first()) !==
    null
  );
}

async function grantGiven(db: D1Database, ownerId: number) {
  return (
    (await db
      .prepare(`SELECT 1 AS x FROM ledger WHERE pool_owner_id = ?1 AND kind = 'GRANT'`)
      .bind(ownerId)
      .first()) !== null
  );
}

/** Starts the period now, or adds it to the end of one still running. */
function extendStatement(db: D1Database, userId: number, item: CatalogueRow, now: string, renewsAt: string | null) {
  return db
    .prepare(
      `INSERT INTO user_subscriptions (user_id, type, active, start_date, end_date, renews_at)
       VALUES (?1, ?2, 1, ?3, strftime('%Y-%m-%dT%H:%M:%fZ', ?3, ?4), ?5)
       ON CONFLICT (user_id, type) DO UPDATE SET
         start_date = CASE WHEN active = 1 AND (end_date IS NULL OR end_date > ?3) THEN start_date ELSE ?3 END,
         end_date = CASE
           WHEN active = 1 AND end_date IS NULL THEN NULL
           WHEN active = 1 AND end_date > ?3 THEN strftime('%Y-%m-%dT%H:%M:%fZ', end_date, ?4)
           ELSE excluded.end_date END,
         active = 1,
         renews_at = excluded.renews_at`,
    )
    .bind(userId, item.type, now, `+${item.period_days} days`, renewsAt);
}

function paymentStatements(
  db: D1Database,
  invoice: InvoiceRow,
  item: CatalogueRow,
  p: StarPayment,
  withGrant: boolean,
) {
  const now = nowIso();
  const owner = invoice.user_id;
  const ref = `invoice:${invoice.id}`;
  const renewsAt = p.subscriptionExpirationDate ? nowIso(p.subscriptionExpirationDate * 1000) : null;
  const statements = [
    db
      .prepare(
        `INSERT INTO payments (invoice_id, user_id, telegram_payment_charge_id, amount_stars, created_at) VALUES (?1, ?2, ?3, ?4, ?5)`,
      )
      .bind(invoice.id, owner, p.chargeId, p.totalAmount, now),
    db
      .prepare(`UPDATE invoices SET status = 'PAID', paid_at = COALESCE(paid_at, ?2) WHERE id = ?1`)
      .bind(invoice.id, now),
  ];
  if (item.period_days !== null) statements.push(extendStatement(db, owner, item, now, renewsAt));
  if (item.coins_cents !== null || withGrant) statements.push(openAccount(db, pool(owner)));
  if (item.coins_cents !== null) {
    statements.push(
      ...transferStatements(db, {
        kind: "PURCHASE",
        poolOwnerId: owner,
        from: null,
        to: pool(owner),
        amountCents: item.coins_cents,
        ref,
      }),
    );
  }
  if (withGrant) {
    statements.push(
      ...transferStatements(db, {
        kind: "GRANT",
        poolOwnerId: owner,
        from: null,
        to: pool(owner),
        amountCents: BOOKMAKER_GRANT_CENTS,
        ref,
      }),
    );
  }
  return statements;
}

/**
 * Applies a payment Telegram reports (or dev mode fakes). The invoice's owner gets what he
 * bought, whoever paid: pre-checkout only lets the owner pay.
 */
export async function applyPayment(db: D1Database, p: StarPayment): Promise<PaymentOutcome> {
  if (await alreadyApplied(db, p.chargeId)) return "DUPLICATE";
  const invoice = await invoiceById(db, p.invoicePayload);
  const item = invoice && (await catalogueItem(db, invoice.subscription_id));
  if (!invoice || !item) {
    console.error("payment for an unknown invoice", p.invoicePayload, p.chargeId);
    return "UNKNOWN_INVOICE";
  }
  if (p.currency !== "XTR" || p.totalAmount !== invoice.price_stars) {
    console.error("payment differs from its invoice", invoice.id, p.currency, p.totalAmount, p.chargeId);
    return "MISMATCH";
  }

  let withGrant = item.type === "BOOKMAKER" && !(await grantGiven(db, invoice.user_id));
  for (;;) {
    try {
      await db.batch(paymentStatements(db, invoice, item, p, withGrant));
      return "APPLIED";
    } catch (err) {
      if (isTakenChargeId(err)) return "DUPLICATE";
      // Two first BOOKMAKER payments at once: the other one carried the grant.
      if (withGrant && isSecondGrant(err)) {
        withGrant = false;
        continue;
      }
      throw err;
    }
  }
}
