// Stands in for zod in the worker's bundle (the [alias] of wrangler.toml): hono-openapi can
// convert zod schemas too, and would bundle the zod our test tools install. The API has none.
export {};
