import { useState } from "react";
import type { NotificationSettings } from "@worker/contract";
import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { useAction } from "@/api/useAction";
import { useWebApp } from "@/telegram/context";
import { Dialog } from "@/ui/Dialog";
import "./notifications.css";

type Switch = "joinRequests" | "results" | "coins" | "newEvents";

/** The punter's switches (home screen) or the bookmaker's (his main page). */
const SWITCHES: Record<"punter" | "bookmaker", { key: Switch; label: string }[]> = {
  punter: [
    { key: "results", label: "Results of my bets" },
    { key: "coins", label: "Coins added or withdrawn" },
    { key: "newEvents", label: "New events from my bookmakers" },
  ],
  bookmaker: [{ key: "joinRequests", label: "Join requests" }],
};

const SAVE_FAILED = "Failed to save your settings";

export const NOT_ALLOWED_TEXT = "The bot cannot write to you yet. Allow it, or send /start to the bot.";

/** Asks Telegram to let the bot write to the user; true when he agreed (or the client cannot ask). */
function askWriteAccess(request: ((cb: (granted: boolean) => void) => void) | undefined): Promise<boolean> {
  if (!request) return Promise.resolve(false);
  return new Promise((resolve) => request(resolve));
}

export function NotificationsSheet({
  open,
  onClose,
  role,
}: {
  open: boolean;
  onClose(): void;
  role: "punter" | "bookmaker";
}) {
  const webApp = useWebApp();
  const { data, mutate, error } = useApi("GET /me/notifications", open ? {} : null);
  const [threshold, setThreshold] = useState<string | null>(null);
  // A failure is said in Telegram's own alert: the sheet has no room for a line of error.
  const { busy, run } = useAction({ onError: () => webApp.showAlert(SAVE_FAILED) });

  const save = (change: Partial<Omit<NotificationSettings, "canWrite">>, turningOn: boolean) =>
    run(async () => {
      // Turning a message on is when the bot needs leave to write: Telegram asks the user.
      if (turningOn && data && !data.canWrite) await askWriteAccess(webApp.requestWriteAccess?.bind(webApp));
      const next = await call("PUT /me/notifications", { body: change });
      await mutate(next, { revalidate: false });
    });

  const bigBets = threshold ?? (data?.bigBetsOver != null ? String(data.bigBetsOver) : "");
  const saveThreshold = () => {
    const amount = Number(bigBets);
    const off = bigBets.trim() === "";
    if (!off && !(amount >= 0)) return;
    void save({ bigBetsOver: off ? null : Math.round(amount * 100) / 100 }, !off).then(() => setThreshold(null));
  };

  return (
    <Dialog open={open} onClose={onClose} title="Notifications">
      {!data ? (
        <p>{error ? "Failed to load your settings" : "Loading..."}</p>
      ) : (
        <div className="notify-sheet">
          {SWITCHES[role].map(({ key, label }) => (
            <label key={key} className="notify-row">
              <span>{label}</span>
              <input
                type="checkbox"
                checked={data[key]}
                disabled={busy}
                onChange={(e) => void save({ [key]: e.target.checked }, e.target.checked)}
              />
            </label>
          ))}
          {role === "bookmaker" && (
            <label className="notify-row">
              <span>Bets over (coins; empty: never)</span>
              <input
                className="notify-amount"
                inputMode="decimal"
                value={bigBets}
                disabled={busy}
                onChange={(e) => setThreshold(e.target.value)}
                onBlur={saveThreshold}
                onKeyDown={(e) => e.key === "Enter" && saveThreshold()}
              />
            </label>
          )}
          {!data.canWrite && <p className="notify-hint">{NOT_ALLOWED_TEXT}</p>}
        </div>
      )}
    </Dialog>
  );
}
