import { Hono } from "hono";
import * as v from "valibot";
import { requireBook } from "../bookmakers/access";
import type { DownloadLink } from "../contract";
import type { AppEnv } from "../env";
import { PeriodQuery, resolvePeriod } from "../figures/period";
import { csvCaller, issueTicket } from "../figures/ticket";
import { requireUser } from "../identity/require-user";
import { secret } from "../identity/secrets";
import { IdParam, validate } from "../lib/validate";
import * as docs from "./docs";
import { auditCsv } from "./csv";
import { auditRows } from "./queries";

/** The most rows one GET /audit answers, newest first; a narrower period or a filter shows the rest. */
export const AUDIT_PAGE = 1000;
/** The most rows the CSV holds. */
export const AUDIT_CSV_ROWS = 10_000;

/** A period as GET /figures takes it, and optionally one event or one punter. */
const AuditQuery = v.intersect([PeriodQuery, v.object({ eventId: v.optional(IdParam), userId: v.optional(IdParam) })]);
type AuditInput = v.InferOutput<typeof AuditQuery>;

const filterOf = (q: AuditInput) => {
  const p = resolvePeriod(q);
  return { ...p, eventId: q.eventId, userId: q.userId };
};

/** The book's changes: app.ts mounts them at /audit. */
export const auditRoutes = new Hono<AppEnv>()
  .get("/", docs.log, requireUser, validate("query", AuditQuery), async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    return c.json(await auditRows(c.env.DB, book.id, filterOf(c.req.valid("query")), AUDIT_PAGE));
  })

  // A link to the CSV that works without the session header, for Telegram's downloadFile.
  .get("/link", docs.link, requireUser, validate("query", AuditQuery), async (c) => {
    const { userId } = c.get("user");
    await requireBook(c.env.DB, userId, "OWNER");
    const f = filterOf(c.req.valid("query"));
    const url = new URL("/audit.csv", c.req.url);
    url.search = new URLSearchParams({
      from: f.from,
      to: f.to,
      tz: f.tz,
      ...(f.eventId ? { eventId: String(f.eventId) } : {}),
      ...(f.userId ? { userId: String(f.userId) } : {}),
      ticket: await issueTicket(userId, "audit", secret(c.env, "JWT_SECRET")),
    }).toString();
    const body: DownloadLink = { url: url.toString(), fileName: fileName(f) };
    return c.json(body);
  });

/** GET /audit.csv, a router of its own: one mounted at /audit answers /audit/… only (app.ts). */
export const auditCsvRoutes = new Hono<AppEnv>().get(
  "/",
  docs.csv,
  csvCaller("audit"),
  validate("query", AuditQuery),
  async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    const f = filterOf(c.req.valid("query"));
    return new Response(auditCsv(await auditRows(c.env.DB, book.id, f, AUDIT_CSV_ROWS)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName(f)}"`,
      },
    });
  },
);

const fileName = (f: { from: string; to: string }) => `changes-${f.from}-to-${f.to}.csv`;
