import type { Figures } from "../contract";
import { coins, line, text } from "../lib/csv";
import type { LedgerCsvRow } from "./queries";

// The figures' and the ledger's CSV downloads, in the cells and lines of lib/csv.ts.

const toCents = (n: number) => Math.round(n * 100);

const FIGURE_HEADER = [
  "username",
  "user_id",
  "opening",
  "added",
  "withdrawn",
  "staked",
  "returned",
  "net",
  "closing",
  "open_stakes",
];

export function figuresCsv(f: Figures): string {
  const amounts = (x: Figures["totals"]) =>
    [x.opening, x.added, x.withdrawn, x.staked, x.returned, x.net, x.closing, x.openStakes].map((n) =>
      coins(toCents(n)),
    );
  return (
    line(FIGURE_HEADER) +
    f.punters.map((p) => line([text(p.username), String(p.userId), ...amounts(p)])).join("") +
    line(["TOTAL", "", ...amounts(f.totals)]) +
    // The counter's cash, below the punters' coins: its own header, one line.
    line([]) +
    line(["counter_tickets", "cash_taken", "cash_paid", "cash_owed", "counter_result"]) +
    line([
      String(f.counter.tickets),
      ...[f.counter.taken, f.counter.paid, f.counter.owed, f.counter.result].map((n) => coins(toCents(n))),
    ])
  );
}

export function ledgerCsv(rows: LedgerCsvRow[]): string {
  return (
    line(["id", "created_at", "kind", "from", "to", "amount", "ref"]) +
    rows
      .map((r) =>
        line([
          String(r.id),
          r.created_at,
          r.kind,
          text(r.from_name ?? ""),
          text(r.to_name),
          coins(r.amount_cents),
          text(r.ref ?? ""),
        ]),
      )
      .join("")
  );
}
