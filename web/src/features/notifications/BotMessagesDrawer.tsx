import { useState } from "react";
import { useApi } from "@/api/swr";
import { useUserId } from "@/store/auth";
import "./notifications.css";

/** How often the drawer asks for new messages: the other browser's actions show up quickly. */
const OUTBOX_POLL_MS = 2_000;

/**
 * Dev mode only: the bot's messages to the signed-in user, from the dev outbox, so two
 * browsers can see what each side would receive in Telegram.
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
      {[...messages].reverse().map((m, i) => (
        <div key={`${m.createdAt}-${i}`} className="bot-message">
          <div>{m.text}</div>
          {m.button && <a href={m.button.url}>{m.button.text}</a>}
        </div>
      ))}
    </aside>
  );
}
