import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";

// CORS for the mini-app, which lives on another origin. A preflight (OPTIONS) is hono's cors
// middleware's, as configured. Every other call gets the same headers that middleware gives it
// (Access-Control-Allow-Origin for an allowed origin, Access-Control-Expose-Headers, Vary:
// Origin), set on the answer once it is built: hono's sets them on a placeholder answer before
// the route runs, which then costs two more Response objects and a copy of the headers for
// every call, bets included.

export interface CrossOriginOptions {
  origin: (origin: string, c: Context) => string | null;
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
  maxAge: number;
}

export function crossOrigin(options: CrossOriginOptions): MiddlewareHandler {
  const preflight = cors(options);
  const exposed = options.exposeHeaders.join(",");
  return createMiddleware(async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    await next();
    const allowed = options.origin(c.req.header("origin") ?? "", c);
    let headers = c.res.headers;
    try {
      headers.set("Access-Control-Expose-Headers", exposed);
    } catch {
      // A response passed through from a fetch has immutable headers.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.set("Access-Control-Expose-Headers", exposed);
    }
    if (allowed) headers.set("Access-Control-Allow-Origin", allowed);
    headers.append("Vary", "Origin");
  });
}
