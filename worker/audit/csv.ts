import type { AuditEntry } from "../contract";
import { line as csvLine, text as csvText } from "../lib/csv";

// GET /audit as CSV: one line per row, before and after as their JSON text.

const json = (value: AuditEntry["before"]) => (value === null ? "" : csvText(JSON.stringify(value)));
const id = (n: number | null) => (n === null ? "" : String(n));

export const auditCsv = (rows: AuditEntry[]) =>
  csvLine(["at", "actor_id", "actor", "action", "event_id", "item_id", "user_id", "user", "before", "after", "note"]) +
  rows
    .map((r) =>
      csvLine([
        r.at,
        String(r.actor.userId),
        csvText(r.actor.username),
        r.action,
        id(r.eventId),
        id(r.itemId),
        id(r.userId),
        csvText(r.username ?? ""),
        json(r.before),
        json(r.after),
        csvText(r.note ?? ""),
      ]),
    )
    .join("");
