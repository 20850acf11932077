// CSV as RFC 4180 reads it, for spreadsheets: CRLF lines, a field quoted when it holds a comma,
// a quote or a line break, quotes doubled. Amounts are written from cents, never through floats.
// The figures', the ledger's and the audit log's downloads are written with these.

/** A text cell. One that opens with = + - @ would run as a formula in a spreadsheet, so it gets a leading '. */
export function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Cents as coins with two decimals: -1250 → "-12.50". */
export function coins(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** One line of cells. */
export const line = (cells: string[]) => cells.join(",") + "\r\n";
