import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../env";
import { devOnly } from "./mode";
import { AppError, notFound, validationError } from "../lib/errors";
import { validate } from "../lib/validate";
import { signInitData } from "../identity/init-data";
import { secret } from "../identity/secrets";
import type { DevPayment } from "../contract";
import * as docs from "./docs";
import { applyPayment } from "../payments/apply";
import { invoiceById } from "../payments/invoices";
import { checkoutVerdict } from "../payments/pre-checkout";
import { keptMessage, outboxOf } from "../notifications/outbox";
// eslint-disable-next-line no-restricted-imports -- dev mode presses a bot message's button through the webhook itself, as Telegram would
import { telegramRoutes } from "../telegram/webhook";

// Local development only (DEV_MODE=true): lets a browser outside Telegram play any user.
// With dev mode off these routes do not exist (404), whatever is asked.

const InitDataQuery = v.object({
  username: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/, "Letters, digits and _ only."))),
  id: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,12}$/, "Must be a positive integer."), v.transform(Number))),
  /** Telegram's language_code for him, as his Telegram app would send it ("ru", "pt-br"). */
  language: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Must be a language tag."))),
});

const OutboxQuery = v.object({
  userId: v.pipe(
    v.string("userId is required."),
    v.regex(/^[1-9]\d{0,15}$/, "Must be a user id."),
    v.transform(Number),
  ),
});

const MessageParam = v.object({
  messageId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, "Must be a message id."), v.transform(Number)),
});

const PressBody = v.object({
  // eslint-disable-next-line no-restricted-syntax -- dev-only route, read by developers
  callbackData: v.pipe(v.string("Must be a button's callback data."), v.maxLength(64)),
});

const InvoiceParam = v.object({
  invoiceId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "Must be an invoice id.")),
});

/** A stable made-up Telegram id per dev username, so the same name is the same user. */
export function devUserId(username: string): number {
  let h = 2166136261;
  for (const ch of username.toLowerCase()) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return 1_000_000_000 + (h % 1_000_000_000);
}

export const devRoutes = new Hono<AppEnv>()
  .use(devOnly)
  .get("/init-data", docs.initData, validate("query", InitDataQuery), async (c) => {
    const { username, id, language } = c.req.valid("query");
    const userId = id ?? devUserId(username ?? "anonymous");
    // A made-up user has allowed the bot to write to him, as most Telegram users have.
    const user = {
      id: userId,
      ...(username ? { username, first_name: username } : { first_name: "Anonymous" }),
      ...(language ? { language_code: language } : {}),
      allows_write_to_pm: true,
    };
    const initData = await signInitData({ user, authDate: Math.floor(Date.now() / 1000) }, secret(c.env, "BOT_TOKEN"));
    return c.json({ initData });
  })

  // What the bot would have sent this user, with the dev bot token (worker/notifications/outbox.ts).
  .get("/outbox", docs.outbox, validate("query", OutboxQuery), async (c) =>
    c.json(await outboxOf(c.env.DB, c.req.valid("query").userId)),
  )

  // A press on a callback button, delivered to the webhook as Telegram would: signed with the
  // webhook's secret, a new update id, the message's recipient pressing.
  .post(
    "/outbox/:messageId/press",
    docs.press,
    validate("param", MessageParam),
    validate("json", PressBody),
    async (c) => {
      const { messageId } = c.req.valid("param");
      const { callbackData } = c.req.valid("json");
      const kept = await keptMessage(c.env.DB, messageId);
      // eslint-disable-next-line no-restricted-syntax -- dev-only route, read by developers
      if (!kept) throw notFound("No such message in the outbox.");
      if (!kept.message.buttons.some((b) => b.callbackData === callbackData))
        // eslint-disable-next-line no-restricted-syntax -- dev-only route, read by developers
        throw validationError("callbackData", "The message has no such button.");
      const user = await c.env.DB.prepare(`SELECT username FROM users WHERE id = ?1`)
        .bind(kept.userId)
        .first<{ username: string }>();
      const update = {
        update_id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
        callback_query: {
          id: `dev-${messageId}-${Date.now()}`,
          from: { id: kept.userId, ...(user && { username: user.username }) },
          data: callbackData,
          message: { message_id: messageId, chat: { id: kept.message.chatId, type: "private" } },
        },
      };
      const delivered = await telegramRoutes.request(
        "/webhook",
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Telegram-Bot-Api-Secret-Token": secret(c.env, "WEBHOOK_SECRET"),
          },
          body: JSON.stringify(update),
        },
        c.env,
        c.executionCtx,
      );
      // eslint-disable-next-line no-restricted-syntax -- dev-only route, read by developers
      if (!delivered.ok) throw new AppError("INTERNAL", 500, `The webhook answered ${delivered.status}.`);
      const answer = await delivered.json<{ callbackAnswer?: string }>();
      return c.json({ text: answer.callbackAnswer ?? "" });
    },
  )

  // Telegram's two steps, pre-checkout then successful_payment, through the same code.
  .post("/pay/:invoiceId", docs.pay, validate("param", InvoiceParam), async (c) => {
    const invoice = await invoiceById(c.env.DB, c.req.valid("param").invoiceId);
    // eslint-disable-next-line no-restricted-syntax -- dev-only route, read by developers
    if (!invoice) throw notFound("No such invoice.");
    const chargeId = `dev_${invoice.id}`;
    const payment = { currency: "XTR", totalAmount: invoice.price_stars, invoicePayload: invoice.id };
    const paidBefore = await c.env.DB.prepare(`SELECT 1 AS x FROM payments WHERE telegram_payment_charge_id = ?1`)
      .bind(chargeId)
      .first();
    if (!paidBefore) {
      const verdict = await checkoutVerdict(c.env.DB, { ...payment, userId: invoice.user_id });
      if (!verdict.ok) throw new AppError("CONFLICT", 409, verdict.message);
    }
    const outcome = paidBefore ? "DUPLICATE" : await applyPayment(c.env.DB, { ...payment, chargeId });
    const answer: DevPayment = { invoiceId: invoice.id, applied: outcome === "APPLIED" };
    return c.json(answer);
  });
