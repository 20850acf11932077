import { DownloadLink } from "../lib/answers";
import { doc } from "../lib/route-doc";
import { AuditLog } from "./answers";

// The audit log (docs/rules/audit.md, "Audit"). A period is as GET /figures takes it.

export const log = doc({
  tag: "Audit",
  summary: "What changed in the book, and who changed it",
  description:
    "The book's changes over the period, newest first, at most 1,000 (narrow the period or filter for more): odds and settings, dates, publishing, suspending, reopening, non-runners with their deduction, results, abandons, undos, coins added or withdrawn with their note, limits, and the equalizer's price moves. `from` and `to` (dates, inclusive) in `tz`, or neither for this week; `eventId` and `userId` (a punter) filter.",
  answer: AuditLog,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const csv = doc({
  tag: "Audit",
  summary: "The book's changes as CSV",
  description:
    "GET /audit as a CSV download, at most 10,000 rows. Takes the session header, or instead the `ticket` of a link from GET /audit/link.",
  answer: "text/csv",
  caller: "download",
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const link = doc({
  tag: "Audit",
  summary: "A download link for the changes' CSV",
  description:
    "A link to audit.csv for the period and filters that works without the session header for five minutes, for Telegram's downloadFile.",
  answer: DownloadLink,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
