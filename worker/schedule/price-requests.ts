import type { Env } from "../env";
import { enqueue } from "../notifications/enqueue";
import { expireDue } from "../price-requests/expiry";
import { changedNotices } from "../price-requests/notify";

// Every minute (the cron in wrangler.toml): price requests left unanswered 5 minutes, offers not
// taken in 60 s, and requests whose event stopped taking bets end EXPIRED, and the bot says so
// (docs/rules/price-requests.md). Reads, answers and takes expire what is due on their way too, so
// nobody acts on a request past its time while the minute runs.

export const PRICE_REQUESTS_CRON = "* * * * *";

export async function expirePriceRequests(env: Env) {
  const expired = await expireDue(env.DB);
  if (expired.length) await enqueue(env, await changedNotices(env.DB, expired));
  return expired;
}
