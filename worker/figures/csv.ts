import type { Figures } from "../contract";
import type { LedgerCsvRow } from "./queries";

// CSV as RFC 4180 reads it, for spreadsheets: CRLF lines, a field quoted when it holds a comma,
// a quote or a line break, quotes doubled. Amounts are written from cents, never through floats.

/** A text cell. One that opens with = + - @ would run as a formula in a spreadsheet, so it gets a leading '. */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Cents as coins with two decimals: -1250 → "-12.50". */
export function coins(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const toCents = (n: number) => Math.round(n * 100);
const line = (cells: string[]) => cells.join(",") + "\r\n";

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
    line(["TOTAL", "", ...amounts(f.totals)])
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

// The same cells and lines for the other CSV downloads (worker/audit/csv.ts).
export { text as csvText, line as csvLine };
