import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { periodQuery, type Period } from "@/features/figures/period";

// The audit log's reads: the rows a filter asks for, polled, and its CSV's download link.

/** What the screen asks GET /audit for. */
export interface ChangesFilter extends Period {
  eventId: string;
  userId: string;
}

const auditQuery = (f: ChangesFilter) => ({
  ...periodQuery(f),
  ...(f.eventId ? { eventId: f.eventId } : {}),
  ...(f.userId ? { userId: f.userId } : {}),
});

/** The rows of a period, newest first, polled; nothing is read while the filter is not a period. */
export const useAudit = (filter: ChangesFilter, valid: boolean) =>
  useApi("GET /audit", valid ? { query: auditQuery(filter) } : null, { refreshInterval: POLL_MS });

/** A short-lived link to the filter's rows as CSV. */
export const auditCsvLink = (filter: ChangesFilter) => call("GET /audit/link", { query: auditQuery(filter) });
