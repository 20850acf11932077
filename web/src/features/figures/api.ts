import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";
import { deviceTimeZone, periodQuery, type Period } from "./period";

// The figures' reads: a period's figures and the daily hold, polled, and the CSV's download link.

/** Who owes whom over a period, polled; nothing is read while the period is not one. */
export const useFigures = (period: Period, valid: boolean) =>
  useApi("GET /figures", valid ? { query: periodQuery(period) } : null, { refreshInterval: POLL_MS });

/** The book's hold day by day over the last 30 days, in the phone's time zone, polled. */
export const useDailyHold = () =>
  useApi("GET /figures/daily", { query: { days: 30, tz: deviceTimeZone() } }, { refreshInterval: POLL_MS });

/** A short-lived link to the period's figures as CSV. */
export const figuresCsvLink = (period: Period) =>
  call("GET /figures/link/:file", { params: { file: "figures" }, query: periodQuery(period) });
