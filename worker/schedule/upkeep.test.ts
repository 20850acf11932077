import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "..";
import type { Env } from "../env";
import { signIn } from "../test/api";

const daysAgo = (d: number) => new Date(Date.now() - d * 864e5).toISOString();

describe("daily upkeep", () => {
  it("forgets bot updates older than two weeks and cancels invoices unpaid for a week", async () => {
    const user = await signIn("upkeep");
    const base = 900_000_000 + Math.floor(Math.random() * 1e6);
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO telegram_updates (update_id, received_at) VALUES (?1, ?2), (?3, ?4)`).bind(
        base,
        daysAgo(15),
        base + 1,
        daysAgo(1),
      ),
      env.DB.prepare(
        `INSERT INTO invoices (id, user_id, subscription_id, price_stars, status, created_at)
         VALUES (?1, ?3, 1, 10, 'PENDING', ?4), (?2, ?3, 1, 10, 'PENDING', ?5)`,
      ).bind(`old${base}`, `new${base}`, user.userId, daysAgo(8), daysAgo(1)),
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);

    const updates = await env.DB.prepare(`SELECT update_id FROM telegram_updates WHERE update_id IN (?1, ?2)`)
      .bind(base, base + 1)
      .all();
    expect(updates.results).toEqual([{ update_id: base + 1 }]);
    const invoices = await env.DB.prepare(`SELECT id, status FROM invoices WHERE id IN (?1, ?2) ORDER BY id`)
      .bind(`new${base}`, `old${base}`)
      .all();
    expect(invoices.results).toEqual([
      { id: `new${base}`, status: "PENDING" },
      { id: `old${base}`, status: "CANCELLED" },
    ]);
  });

  it("forgets idempotency keys older than 24 hours and keeps younger ones", async () => {
    const user = await signIn("upkeep");
    await env.DB.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, state, claim, claimed_at, created_at)
       VALUES (?1, 'old', 'h', 'DONE', 'c', ?2, ?2), (?1, 'new', 'h', 'DONE', 'c', ?3, ?3)`,
    )
      .bind(
        user.userId,
        new Date(Date.now() - 25 * 3600_000).toISOString(),
        new Date(Date.now() - 23 * 3600_000).toISOString(),
      )
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);

    const keys = await env.DB.prepare(`SELECT key FROM idempotency_keys WHERE user_id = ?1`).bind(user.userId).all();
    expect(keys.results).toEqual([{ key: "new" }]);
  });
});
