import { Hono } from "hono";
import * as v from "valibot";
import { addDays, periodBounds, dateIn } from "../../common/calendar";
import { betsInPeriod } from "../bets/queries";
import { bookmakerById, type BookmakerRow } from "../bookmakers/queries";
import { requireBook } from "../bookmakers/access";
import type { DownloadLink, Figure, Figures, Statement } from "../contract";
import type { AppEnv } from "../env";
import { requireUser } from "../identity/require-user";
import { secret } from "../identity/secrets";
import { notFound } from "../lib/errors";
import { IdParam, validate } from "../lib/validate";
import { membershipOf } from "../memberships/queries";
import * as docs from "./docs";
import { figuresCsv, ledgerCsv } from "./csv";
import {
  bookFigure,
  counterFigure,
  dailyFigures,
  ledgerRows,
  punterFigures,
  punterMovements,
  sumFigures,
  toFigure,
  toPunterFigure,
  ZERO,
} from "./queries";
import { MAX_DAYS, PeriodQuery, resolvePeriod, TimeZone, type PeriodInput } from "./period";
import { csvCaller, issueTicket, type CsvFile } from "./ticket";
import { BOOKMAKER_NOT_FOUND, NOT_YOUR_PUNTER } from "../../common/refusals";
import { en } from "../lib/words";

const LinkParam = v.object({ file: v.picklist(["figures", "ledger"], en("Must be figures or ledger.")) });

/** MAX_DAYS written out, as a marked text is a literal (lib/marked-texts.test.ts holds it equal). */
export const DAYS_MESSAGE = en("Must be 1 to 366.");

const DailyQuery = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, DAYS_MESSAGE),
      v.transform(Number),
      v.minValue(1, DAYS_MESSAGE),
      v.maxValue(MAX_DAYS, DAYS_MESSAGE),
    ),
    "30",
  ),
  tz: TimeZone,
});

async function figuresOf(db: D1Database, book: BookmakerRow, q: PeriodInput): Promise<Figures> {
  const p = resolvePeriod(q);
  const [rows, bookSide, counter] = await Promise.all([
    punterFigures(db, book, p),
    bookFigure(db, book, p),
    counterFigure(db, book, p),
  ]);
  return {
    from: p.from,
    to: p.to,
    tz: p.tz,
    punters: rows.map(toPunterFigure),
    totals: toFigure(sumFigures(rows.map((r) => r.cents))),
    book: bookSide,
    counter,
  };
}

const csv = (body: string, fileName: string) =>
  new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
  });

const fileName = (file: CsvFile, from: string, to: string) => `${file}-${from}-to-${to}.csv`;

/** The book's figures: app.ts mounts them at /figures. */
export const figureRoutes = new Hono<AppEnv>()
  .get("/", docs.figures, requireUser, validate("query", PeriodQuery), async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    return c.json(await figuresOf(c.env.DB, book, c.req.valid("query")));
  })

  // A link to the CSV that works without the session header, for Telegram's downloadFile.
  .get(
    "/link/:file",
    docs.link,
    requireUser,
    validate("param", LinkParam),
    validate("query", PeriodQuery),
    async (c) => {
      const { userId } = c.get("user");
      await requireBook(c.env.DB, userId, "OWNER");
      const { file } = c.req.valid("param");
      const p = resolvePeriod(c.req.valid("query"));
      const url = new URL(file === "figures" ? "/figures.csv" : "/balances/ledger.csv", c.req.url);
      url.search = new URLSearchParams({
        from: p.from,
        to: p.to,
        tz: p.tz,
        ticket: await issueTicket(userId, file, secret(c.env, "JWT_SECRET")),
      }).toString();
      const body: DownloadLink = { url: url.toString(), fileName: fileName(file, p.from, p.to) };
      return c.json(body);
    },
  )

  .get("/daily", docs.daily, requireUser, validate("query", DailyQuery), async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    const { days, tz } = c.req.valid("query");
    const today = dateIn(Date.now(), tz);
    const periods = Array.from({ length: days }, (_, i) => {
      const date = addDays(today, i - days + 1);
      return { date, ...periodBounds(date, date, tz) };
    });
    return c.json(await dailyFigures(c.env.DB, book, periods));
  })

  // The bookmaker's view of one punter: his figure with what made it.
  .get(
    "/punters/:userId",
    docs.punter,
    requireUser,
    validate("param", v.object({ userId: IdParam })),
    validate("query", PeriodQuery),
    async (c) => {
      const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
      const punterId = c.req.valid("param").userId;
      const p = resolvePeriod(c.req.valid("query"));
      const [[row], bets, movements] = await Promise.all([
        punterFigures(c.env.DB, book, p, punterId),
        betsInPeriod(c.env.DB, book.id, punterId, p),
        punterMovements(c.env.DB, book.owner_id, punterId, p),
      ]);
      if (!row) throw notFound(NOT_YOUR_PUNTER);
      const body: Statement = { from: p.from, to: p.to, tz: p.tz, punter: toPunterFigure(row), bets, movements };
      return c.json(body);
    },
  )

  .get(
    "/:bookmakerId/mine",
    docs.mine,
    requireUser,
    validate("param", v.object({ bookmakerId: IdParam })),
    validate("query", PeriodQuery),
    async (c) => {
      const { userId } = c.get("user");
      const book = await bookmakerById(c.env.DB, c.req.valid("param").bookmakerId);
      if (!book) throw notFound(BOOKMAKER_NOT_FOUND);
      const [[row], membership] = await Promise.all([
        punterFigures(c.env.DB, book, resolvePeriod(c.req.valid("query")), userId),
        membershipOf(c.env.DB, book.id, userId),
      ]);
      if (!row && !membership) throw notFound(en("You are not a punter of this bookmaker."));
      const body: Figure = row ? toFigure(row.cents) : toFigure(ZERO);
      return c.json(body);
    },
  );

// The CSV downloads are routers of their own: one mounted at /figures answers /figures/… only,
// and the ledger's is under /balances (app.ts mounts each at its prefix).

/** GET /figures.csv: app.ts mounts it at that path. */
export const figuresCsvRoutes = new Hono<AppEnv>().get(
  "/",
  docs.figuresCsv,
  csvCaller("figures"),
  validate("query", PeriodQuery),
  async (c) => {
    const book = await requireBook(c.env.DB, c.get("user").userId, "OWNER");
    const figures = await figuresOf(c.env.DB, book, c.req.valid("query"));
    return csv(figuresCsv(figures), fileName("figures", figures.from, figures.to));
  },
);

/** GET /balances/ledger.csv: app.ts mounts it at /balances, before the balances' routes. */
export const ledgerCsvRoutes = new Hono<AppEnv>().get(
  "/ledger.csv",
  docs.ledgerCsv,
  csvCaller("ledger"),
  validate("query", PeriodQuery),
  async (c) => {
    const { userId } = c.get("user");
    await requireBook(c.env.DB, userId, "OWNER");
    const p = resolvePeriod(c.req.valid("query"));
    return csv(ledgerCsv(await ledgerRows(c.env.DB, userId, p)), fileName("ledger", p.from, p.to));
  },
);
