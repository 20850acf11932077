import { msg } from "@lingui/core/macro";
import type { EventStatus } from "@worker/contract";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";

export type BadgeLabel = "ACTIVE" | "SUSPENDED" | "COMPLETED" | "ABANDONED" | "Active" | "Suspended" | "Abandoned";

const started = (startDate: string, now: number) => !(Date.parse(startDate) > now);

/** Its start has passed: no more bets, its result is due. */
export const hasStarted = (startDate: string, now = Date.now()) => started(startDate, now);

/** The punter's badge (docs/rules/screens.md, "Badges and event lists"). */
export function playerBadge(status: EventStatus, startDate: string, now = Date.now()): BadgeLabel {
  switch (status) {
    case "READY_FOR_BETS":
      return started(startDate, now) ? "SUSPENDED" : "ACTIVE";
    case "FINISHED":
    case "WAITING_FOR_CALCULATION":
    case "CALCULATED":
      return "COMPLETED";
    case "CANCELLED":
    case "ABANDONED":
      return "ABANDONED";
    default:
      // CREATED, WAITING_FOR_RESULT and SUSPENDED take no bets.
      return "SUSPENDED";
  }
}

/** The bookmaker's live-list label: Active only while bets are taken; started events are Suspended. */
export const bookmakerBadge = (status: EventStatus, startDate: string, now = Date.now()): BadgeLabel =>
  status === "READY_FOR_BETS" && !started(startDate, now) ? "Active" : "Suspended";

/** The bookmaker's history label: CALCULATED shows as COMPLETED, CANCELLED as ABANDONED. */
export const historyBadge = (status: EventStatus): BadgeLabel =>
  status === "CANCELLED" || status === "ABANDONED" ? "ABANDONED" : "COMPLETED";

const TONE: Record<string, string> = { active: "good", suspended: "warn", completed: "done", abandoned: "bad" };

/** How each label reads: the spec's capitals on some screens, title case on others. */
const WORDS: Record<BadgeLabel, MessageDescriptor> = {
  ACTIVE: msg`ACTIVE`,
  SUSPENDED: msg`SUSPENDED`,
  COMPLETED: msg`COMPLETED`,
  ABANDONED: msg`ABANDONED`,
  Active: msg`Active`,
  Suspended: msg`Suspended`,
  Abandoned: msg`Abandoned`,
};

/** A small coloured pill; its colour follows the label. */
export function StatusBadge({ label }: { label: BadgeLabel }) {
  return <span className={`badge badge-${TONE[label.toLowerCase()] ?? "done"}`}>{i18n._(WORDS[label])}</span>;
}
