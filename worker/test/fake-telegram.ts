import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { Env } from "../env";
import { call } from "./api";

// Test-only: Telegram as the outside world. The Bot API is faked at its configured address
// (TELEGRAM_API_URL) by intercepting fetch for those URLs; updates reach our webhook the way
// Telegram sends them.

export interface BotApiCall {
  method: string;
  token: string;
  /** The call's JSON body, as our code sent it. */
  params: BotApiParams;
  /** When the call arrived (ms), for pacing and retry checks. */
  at: number;
}

export type BotApiParams = Record<string, unknown>;
type Answer = { status?: number; body: unknown };
type Responder = (params: BotApiParams) => Answer;

const ok = (result: unknown): Answer => ({ body: { ok: true, result } });

/** A button of an inline keyboard as our bot sends them: each opens the mini-app. */
interface OpenAppButton {
  text: string;
  web_app: { url: string };
}

/** The first button under a sent message (sendMessage's reply_markup). */
export const firstButton = (params: BotApiParams): OpenAppButton =>
  (params as { reply_markup: { inline_keyboard: OpenAppButton[][] } }).reply_markup.inline_keyboard[0][0];

export interface FakeBotApi {
  calls: BotApiCall[];
  /** The calls of one method, in order. */
  of(method: string): BotApiCall[];
  /** Makes a method answer differently from now on. */
  answer(method: string, responder: Responder): void;
  restore(): void;
}

export function fakeBotApi(): FakeBotApi {
  const calls: BotApiCall[] = [];
  let links = 0;
  const responders: Record<string, Responder> = {
    createInvoiceLink: () => ok(`https://t.me/$fake-invoice-${++links}`),
    answerPreCheckoutQuery: () => ok(true),
    refundStarPayment: () => ok(true),
    sendMessage: (p) => ok({ message_id: 1, chat: { id: p.chat_id } }),
  };
  const base = `${env.TELEGRAM_API_URL}/bot`;
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(base)) return realFetch(input, init);
    const [token, method] = request.url.slice(base.length).split("/");
    const params = await request.json<BotApiParams>();
    calls.push({ method, token, params, at: Date.now() });
    const { status = 200, body } = (
      responders[method] ?? (() => ({ status: 404, body: { ok: false, error_code: 404, description: "Not Found" } }))
    )(params);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return {
    calls,
    of: (method) => calls.filter((c) => c.method === method),
    answer: (method, responder) => {
      responders[method] = responder;
    },
    restore: () => spy.mockRestore(),
  };
}

let nextUpdateId = Math.floor(Math.random() * 1e9);
export const freshUpdateId = () => nextUpdateId++;

/** Posts an update to our webhook as Telegram would, with the webhook secret. */
export function sendUpdate(
  update: Record<string, unknown>,
  options: { secret?: string | null; env?: Partial<Env> } = {},
) {
  const secret = options.secret === undefined ? env.WEBHOOK_SECRET : options.secret;
  return call("POST", "/telegram/webhook", {
    body: { update_id: freshUpdateId(), ...update },
    headers: secret === null ? {} : { "X-Telegram-Bot-Api-Secret-Token": secret },
    env: options.env,
  });
}

export const preCheckoutUpdate = (userId: number, invoiceId: string, totalAmount: number, currency = "XTR") => ({
  pre_checkout_query: {
    id: `pcq-${freshUpdateId()}`,
    from: { id: userId, is_bot: false, first_name: "Buyer" },
    currency,
    total_amount: totalAmount,
    invoice_payload: invoiceId,
  },
});

export const paymentUpdate = (
  userId: number,
  invoiceId: string,
  totalAmount: number,
  chargeId: string,
  extra: Record<string, unknown> = {},
) => ({
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    from: { id: userId, is_bot: false, first_name: "Buyer" },
    chat: { id: userId, type: "private" },
    successful_payment: {
      currency: "XTR",
      total_amount: totalAmount,
      invoice_payload: invoiceId,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: "",
      ...extra,
    },
  },
});

export const commandUpdate = (userId: number, text: string, chatType = "private") => ({
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    from: { id: userId, is_bot: false, first_name: "Someone" },
    chat: { id: userId, type: chatType },
    text,
  },
});
