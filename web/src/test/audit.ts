import type { AuditEntry } from "@worker/contract";

/** An audit row as GET /audit answers it: alice's PUBLISH of nothing, but for what `e` gives. */
export const auditEntry = (e: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-20T12:00:00.000Z",
  actor: { userId: 42, username: "alice" },
  action: "PUBLISH",
  eventId: null,
  itemId: null,
  userId: null,
  username: null,
  before: null,
  after: null,
  note: null,
  ...e,
});
