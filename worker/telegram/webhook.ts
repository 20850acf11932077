import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Env } from "../env";
import { constantTimeEqual } from "../identity/init-data";
import { secret } from "../identity/secrets";
import { AppError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import * as docs from "./docs";
import { applyPayment } from "../payments/apply";
import { checkoutVerdict } from "../payments/pre-checkout";
import { BotApiError, callBotApi } from "./bot-api";
import { answerCommand } from "./commands";
import { allowWrite } from "../notifications/settings";
import { Update, type Message, type PreCheckoutQuery } from "./update";
import { languageIn, type LanguageRow } from "../identity/users";
import { languageOfTag, type Language } from "../../common/languages";
import { say } from "../lib/words";
import { answerInlineQuery } from "../sharing/inline";
import { answerPress } from "../price-requests/presses";

// Telegram's calls to the bot. Every update is handled once (by update_id); a payment once
// per charge id, whatever the update. The answer is 200 unless Telegram should deliver the
// update again (our database or Telegram itself failed), since a non-2xx makes it retry.

const fromTelegram = createMiddleware<AppEnv>(async (c, next) => {
  const expected = secret(c.env, "WEBHOOK_SECRET");
  if (!constantTimeEqual(c.req.header("X-Telegram-Bot-Api-Secret-Token") ?? "", expected)) {
    // eslint-disable-next-line no-restricted-syntax -- read by whoever called the webhook, not a user
    throw new AppError("UNAUTHENTICATED", 401, "Not from Telegram.");
  }
  await next();
});

/** The buyer's language: his choice in the app, else what his Telegram app says now, else the one kept. */
async function buyerLanguage(db: D1Database, from: PreCheckoutQuery["from"]): Promise<Language> {
  const row = await db
    .prepare(`SELECT language, telegram_language FROM users WHERE id = ?1`)
    .bind(from.id)
    .first<LanguageRow>();
  return row?.language ?? languageOfTag(from.language_code) ?? languageIn(row ?? undefined);
}

async function answerPreCheckout(env: Env, q: PreCheckoutQuery) {
  const verdict = await checkoutVerdict(env.DB, {
    userId: q.from.id,
    currency: q.currency,
    totalAmount: q.total_amount,
    invoicePayload: q.invoice_payload,
  });
  await callBotApi(env, "answerPreCheckoutQuery", {
    pre_checkout_query_id: q.id,
    ok: verdict.ok,
    ...(verdict.ok ? {} : { error_message: say(await buyerLanguage(env.DB, q.from), verdict.message) }),
  });
}

async function handleMessage(env: Env, message: Message) {
  const paid = message.successful_payment;
  if (paid) {
    const outcome = await applyPayment(env.DB, {
      currency: paid.currency,
      totalAmount: paid.total_amount,
      invoicePayload: paid.invoice_payload,
      chargeId: paid.telegram_payment_charge_id,
      subscriptionExpirationDate: paid.subscription_expiration_date,
    });
    // Stars were taken for something we cannot deliver: give them back rather than keep them.
    if ((outcome === "UNKNOWN_INVOICE" || outcome === "MISMATCH") && message.from) {
      await callBotApi(env, "refundStarPayment", {
        user_id: message.from.id,
        telegram_payment_charge_id: paid.telegram_payment_charge_id,
      });
    }
    return;
  }
  if (message.write_access_allowed && message.from) await allowWrite(env.DB, message.from.id);
  await answerCommand(env, message);
}

/** Handles the update; a button's press answers the text the presser is shown. */
async function handleUpdate(env: Env, update: Update): Promise<string | undefined> {
  if (update.pre_checkout_query) await answerPreCheckout(env, update.pre_checkout_query);
  else if (update.message) await handleMessage(env, update.message);
  else if (update.inline_query) await answerInlineQuery(env, update.inline_query);
  else if (update.callback_query) {
    const q = update.callback_query;
    return answerPress(env, { id: q.id, fromId: q.from.id, data: q.data ?? "" });
  }
}

/** Claims the update; false when it was handled already (or is being handled now). */
async function claim(db: D1Database, updateId: number) {
  const result = await db
    .prepare(`INSERT INTO telegram_updates (update_id, received_at) VALUES (?1, ?2) ON CONFLICT (update_id) DO NOTHING`)
    .bind(updateId, nowIso())
    .run();
  return result.meta.changes === 1;
}

export const telegramRoutes = new Hono<AppEnv>().post(
  "/webhook",
  docs.webhook,
  fromTelegram,
  validate("json", Update),
  async (c) => {
    const update = c.req.valid("json");
    if (!(await claim(c.env.DB, update.update_id))) return c.json({ ok: true as const });
    let callbackAnswer: string | undefined;
    try {
      callbackAnswer = await handleUpdate(c.env, update);
    } catch (err) {
      // Telegram refused our call (a blocked bot, an expired query): trying again cannot help.
      if (err instanceof BotApiError && !err.retryable) {
        console.error(err.message);
        return c.json({ ok: true as const });
      }
      // Let the redelivery in.
      await c.env.DB.prepare(`DELETE FROM telegram_updates WHERE update_id = ?1`).bind(update.update_id).run();
      if (err instanceof BotApiError) {
        console.error(err.message);
        // eslint-disable-next-line no-restricted-syntax -- Telegram-facing: it delivers the update again
        throw new AppError("INTERNAL", 503, "Telegram could not be reached; deliver the update again.");
      }
      throw err;
    }
    return c.json({ ok: true as const, ...(callbackAnswer !== undefined && { callbackAnswer }) });
  },
);
