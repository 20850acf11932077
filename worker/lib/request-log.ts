import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";

// One JSON line per request, for Workers Logs (observability in wrangler.toml): which route
// answered what, how fast, for whom. Never the path's ids, a token or init data: the route
// pattern stands for the path. The request id also goes back to the caller, so a user's
// report ("it failed", with the id from the error screen) finds its line.

export const REQUEST_ID_HEADER = "X-Request-Id";

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  try {
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // A response passed through from a fetch has immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  }
  if (c.env.LOG_REQUESTS === "false") return;
  console.log(
    JSON.stringify({
      requestId,
      method: c.req.method,
      // the route that answered: compose leaves routeIndex at the last handler it ran
      route: routePath(c),
      status: c.res.status,
      ms: Date.now() - started,
      userId: c.get("user")?.userId ?? null,
    }),
  );
});
