import type { Id, SharedCard } from "@worker/contract";
import { call } from "@/api/call";
import { ApiError } from "@/api/client";
import { shareMessage, shareThroughTelegram, shareUrl } from "@/telegram/features";
import type { TelegramWebApp } from "@/telegram/web-app";

// Sharing a card (docs/decisions/telegram.md, "Sharing"): the bot prepares it (POST /share) and
// Telegram's chat picker sends it (shareMessage, Bot API 8.0). A client without shareMessage,
// or a browser in dev mode, shares the card's text and link through t.me/share/url instead, as
// does any client when the API could not have Telegram prepare the card (502
// TELEGRAM_UNAVAILABLE): then with the link the app knows, if it knows one.

export interface ShareTarget {
  kind: "BET" | "MULTIPLE" | "RESULT" | "INVITE";
  /** The bet's (an each-way bet's WIN row), the multiple's, the event's or the book's id. */
  id: Id;
}

/** t.me/share/url: through Telegram inside it, else in a new tab. */
function shareLink(webApp: TelegramWebApp, url: string, text: string) {
  if (!shareThroughTelegram(webApp, url, text)) window.open(shareUrl(url, text), "_blank", "noopener");
}

/**
 * Shares `target`; `fallback` is the link (and its words) to share should Telegram not prepare
 * the card. Throws the API's refusal (404, 409 EVENT_NOT_SETTLED; 502 with no fallback link).
 */
export async function share(
  webApp: TelegramWebApp,
  target: ShareTarget,
  fallback: { url: string | null; text?: string },
): Promise<void> {
  let card: SharedCard;
  try {
    card = await call("POST /share", { body: target });
  } catch (err) {
    if (!(err instanceof ApiError && err.code === "TELEGRAM_UNAVAILABLE" && fallback.url)) throw err;
    return shareLink(webApp, fallback.url, fallback.text ?? "");
  }
  if (!shareMessage(webApp, card.preparedMessageId))
    shareLink(webApp, card.buttons[0]?.url ?? fallback.url ?? "", card.text);
}
