import { Hono } from "hono";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { auditCsvRoutes, auditRoutes } from "./audit/routes";
import { betRoutes } from "./bets/routes";
import { cashOutRoutes, cashOutSettingRoutes } from "./cashout/routes";
import { staffRoutes } from "./staff/routes";
import { counterRoutes } from "./counter/routes";
import { multipleRoutes } from "./multiples/routes";
import { bookmakerRoutes } from "./bookmakers/routes";
import { configRoutes } from "./config/routes";
import { devRoutes } from "./dev/routes";
import { isDevMode, type AppEnv } from "./env";
import { playerRoutes } from "./events/http/player-routes";
import { countryRoutes, draftRoutes, eventRoutes, eventTypeRoutes } from "./events/http/routes";
import { figureRoutes, figuresCsvRoutes, ledgerCsvRoutes } from "./figures/routes";
import { identityRoutes, languageRoutes } from "./identity/routes";
import { bookLimitRoutes, punterLimitRoutes } from "./limits/routes";
import { balanceRoutes } from "./ledger/routes";
import { membershipRoutes } from "./memberships/routes";
import { notificationRoutes } from "./notifications/routes";
import { shareRoutes } from "./sharing/routes";
import { priceRequestRoutes } from "./price-requests/routes";
import { subscriptionRoutes } from "./subscriptions/routes";
import { telegramRoutes } from "./telegram/webhook";
import { crossOrigin } from "./lib/cross-origin";
import { notFound, onError } from "./lib/errors";
import { REQUEST_ID_HEADER, requestLog } from "./lib/request-log";
import * as docs from "./openapi/docs";
import { contractRoutes } from "./openapi/routes";
import { en } from "./lib/words";

const LOCALHOST = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

// Every read carries an ETag, so the screens' 12-second polls cost a 304 when nothing changed;
// reads go to D1 only and never wake an event's room. Writes skip the hashing. The middleware
// rebuilds its 304 with only the headers a cache needs; the CORS ones are set on it afterwards
// (crossOrigin is outside it), or the browser would refuse the 304 of a mini-app on another
// origin and its poll would fail.
const readEtag = etag({ retainedHeaders: RETAINED_304_HEADERS });

// Each router is mounted at its prefix, so a path is found from its prefix (several folders
// answer under /bookmakers, /balances and /bets). A router mounted at "/audit" answers "/audit"
// and "/audit/…" only: the CSV downloads beside /figures and /audit are routers of their own,
// mounted at their full paths. Where two routers could take one path, the one mounted first
// answers, and a router's use() runs before any route mounted after it under its prefix: keep
// the order.
export const app = new Hono<AppEnv>()
  .use(requestLog)
  .use(
    crossOrigin({
      // The web app lives on its own origin (Pages); in dev mode any local port may call us.
      origin: (origin, c) =>
        origin === c.env.WEB_ORIGIN || (isDevMode(c.env) && LOCALHOST.test(origin)) ? origin : null,
      allowHeaders: [
        "Accept-Language",
        "Authorization",
        "Cache-Control",
        "Content-Type",
        "If-None-Match",
        "Idempotency-Key",
      ],
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      exposeHeaders: ["ETag", "Retry-After", REQUEST_ID_HEADER],
      maxAge: 600,
    }),
  )
  .use((c, next) => (c.req.method === "GET" ? readEtag(c, next) : next()))
  .get("/health", docs.health, (c) => c.json({ ok: true as const }))
  .route("/config", configRoutes)
  .route("/auth", identityRoutes)
  .route("/dev", devRoutes)
  .route("/bookmakers", bookmakerRoutes)
  .route("/bookmakers", membershipRoutes)
  .route("/bookmakers", staffRoutes)
  .route("/figures", figureRoutes)
  .route("/figures.csv", figuresCsvRoutes)
  // Before the balances: they would take ledger.csv for an id.
  .route("/balances", ledgerCsvRoutes)
  .route("/audit", auditRoutes)
  .route("/audit.csv", auditCsvRoutes)
  .route("/balances", balanceRoutes)
  .route("/bookmakers", bookLimitRoutes)
  .route("/balances", punterLimitRoutes)
  // Before the events: they would take types for an id.
  .route("/events", eventTypeRoutes)
  .route("/countries", countryRoutes)
  .route("/drafts", draftRoutes)
  .route("/events", eventRoutes)
  .route("/player", playerRoutes)
  .route("/bookmakers", cashOutSettingRoutes)
  // Before the bets, whose use() would run first for these too.
  .route("/bets", cashOutRoutes)
  .route("/bets", multipleRoutes)
  .route("/bets", betRoutes)
  .route("/counter", counterRoutes)
  .route("/price-requests", priceRequestRoutes)
  .route("/subscriptions", subscriptionRoutes)
  .route("/me", notificationRoutes)
  .route("/me", languageRoutes)
  .route("/share", shareRoutes)
  .route("/telegram", telegramRoutes);

// The routes above as an OpenAPI document (worker/openapi/); outside AppType, which the web reads.
app.route("/", contractRoutes(app));

app.notFound(() => {
  throw notFound(en("No such route."));
});
app.onError(onError);

export type AppType = typeof app;
