import { msg, t } from "@lingui/core/macro";
import { useState } from "react";
import type { NotificationSettings } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";
import { useWebApp } from "@/telegram/context";
import { Dialog } from "@/ui/Dialog";
import { saveNotificationSettings, useNotificationSettings } from "./api";
import { LanguageRow } from "./LanguageRow";
import "./notifications.css";

type Switch = "joinRequests" | "results" | "coins" | "newEvents";

/** The punter's switches (home screen) or the bookmaker's (his main page). */
const SWITCHES: Record<"punter" | "bookmaker", { key: Switch; label: MessageDescriptor }[]> = {
  punter: [
    { key: "results", label: msg`Results of my bets` },
    { key: "coins", label: msg`Coins added or withdrawn` },
    { key: "newEvents", label: msg`New events from my bookmakers` },
  ],
  bookmaker: [{ key: "joinRequests", label: msg`Join requests` }],
};

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
  const { data, mutate, error } = useNotificationSettings(open);
  const [threshold, setThreshold] = useState<string | null>(null);
  // A failure is said in Telegram's own alert: the sheet has no room for a line of error.
  const { busy, run } = useAction({ onError: () => webApp.showAlert(t`Failed to save your settings`) });

  const save = (change: Partial<Omit<NotificationSettings, "canWrite">>, turningOn: boolean) =>
    run(async () => {
      // Turning a message on is when the bot needs leave to write: Telegram asks the user.
      if (turningOn && data && !data.canWrite) await askWriteAccess(webApp.requestWriteAccess?.bind(webApp));
      const next = await saveNotificationSettings(change);
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
    <Dialog open={open} onClose={onClose} title={t`Notifications`}>
      {/* Apart from the switches: a language can be chosen while they load, or failed to. */}
      <div className="notify-sheet">
        <LanguageRow />
      </div>
      {!data ? (
        <p>{error ? t`Failed to load your settings` : t`Loading...`}</p>
      ) : (
        <div className="notify-sheet">
          {SWITCHES[role].map(({ key, label }) => (
            <label key={key} className="notify-row">
              <span>{i18n._(label)}</span>
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
              <span>{t`Bets over (coins; empty: never)`}</span>
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
          {!data.canWrite && (
            <p className="notify-hint">{t`The bot cannot write to you yet. Allow it, or send /start to the bot.`}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
