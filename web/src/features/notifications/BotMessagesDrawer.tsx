import { useState } from "react";
import type { OutboxMessage } from "@worker/contract";
import { errorText } from "@/api/error-text";
import { useApi } from "@/api/swr";
import { useUserId } from "@/store/auth";
import { usePressBotButton } from "./api";
import "./notifications.css";

/** How often the drawer asks for new messages: the other browser's actions show up quickly. */
const OUTBOX_POLL_MS = 2_000;

/**
 * Dev mode only: the bot's messages to the signed-in user, from the dev outbox, so two
 * browsers can see what each side would receive in Telegram: each message's buttons (a link
 * opens the mini-app, a callback button is pressed through the API as Telegram would deliver
 * it, its toast shown under the message), and whether the bot edited it since.
 */
export function BotMessagesDrawer() {
  const userId = useUserId();
  const [open, setOpen] = useState(false);
  const { data } = useApi("GET /dev/outbox", userId ? { query: { userId } } : null, {
    refreshInterval: OUTBOX_POLL_MS,
  });
  if (!userId) return null;
  const messages = data ?? [];

  if (!open)
    return (
      <button type="button" className="bot-drawer-toggle" onClick={() => setOpen(true)}>
        Bot messages ({messages.length})
      </button>
    );
  return (
    <aside className="bot-drawer" aria-label="Bot messages">
      <header>
        <strong>Bot messages</strong>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </header>
      {messages.length === 0 && <p>No messages from the bot yet.</p>}
      {[...messages].reverse().map((m) => (
        <BotMessage key={`${m.chatId}-${m.messageId}`} message={m} />
      ))}
    </aside>
  );
}

function BotMessage({ message }: { message: OutboxMessage }) {
  const press = usePressBotButton();
  const [toast, setToast] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Older outboxes answer only `button`: it stands for the message's one url button.
  const buttons = message.buttons ?? (message.button ? [message.button] : []);
  const pressed = async (callbackData: string) => {
    setBusy(true);
    try {
      setToast(await press(message.messageId, callbackData));
    } catch (err) {
      setToast(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bot-message" aria-label={`Bot message ${message.messageId}`} role="article">
      <div>{message.text}</div>
      {message.editedAt && <div className="bot-message-edited">(edited)</div>}
      {buttons.length > 0 && (
        <div className="bot-message-buttons">
          {buttons.map((b) =>
            b.url ? (
              <a key={b.text} href={b.url}>
                {b.text}
              </a>
            ) : b.callbackData ? (
              <button key={b.text} type="button" disabled={busy} onClick={() => void pressed(b.callbackData!)}>
                {b.text}
              </button>
            ) : null,
          )}
        </div>
      )}
      {toast !== null && (
        <div className="bot-message-toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
