import type * as v from "valibot";
import type { CashOutSetting } from "../contract";
import { auditReadingBeforeStatement } from "../audit/record";
import type { CashOutSettingBody } from "./schemas";

// The book's cash-out setting (docs/rules/cash-out.md, "Cash out"): offered or not (off by default)
// and the margin kept (0.05 by default), on the bookmakers row. A room reads it with the bet it
// cashes out, so a change is in force for the next cash-out before its call answers: there is
// nothing kept to tell, as limits must tell the rooms that keep them.

export interface CashOutSettingRow {
  cashout_enabled: number;
  cashout_margin_pct: number;
}

export const toCashOutSetting = (r: CashOutSettingRow): CashOutSetting => ({
  enabled: r.cashout_enabled === 1,
  margin: r.cashout_margin_pct / 100,
});

export const cashOutSettingStatement = (db: D1Database, bookmakerId: number) =>
  db.prepare(`SELECT cashout_enabled, cashout_margin_pct FROM bookmakers WHERE id = ?1`).bind(bookmakerId);

/** The new setting, answered as it now is. */
export const setCashOutStatement = (
  db: D1Database,
  bookmakerId: number,
  body: v.InferOutput<typeof CashOutSettingBody>,
) =>
  db
    .prepare(
      `UPDATE bookmakers SET cashout_enabled = ?2, cashout_margin_pct = ?3 WHERE id = ?1
       RETURNING cashout_enabled, cashout_margin_pct`,
    )
    .bind(bookmakerId, body.enabled ? 1 : 0, body.margin);

/** The change's audit row, its `before` read from the row as it stands: put it before the update. */
export const cashOutAuditStatement = (
  db: D1Database,
  who: { bookmakerId: number; actorId: number },
  body: v.InferOutput<typeof CashOutSettingBody>,
) =>
  auditReadingBeforeStatement(
    db,
    {
      bookmakerId: who.bookmakerId,
      actorId: who.actorId,
      action: "CASH_OUT_SETTING",
      after: { enabled: body.enabled, margin: body.margin / 100 },
    },
    `SELECT json_object('enabled', json(CASE cashout_enabled WHEN 1 THEN 'true' ELSE 'false' END),
       'margin', cashout_margin_pct / 100.0) FROM bookmakers WHERE id = ?1`,
  );
