import { t } from "@lingui/core/macro";
import { useAction } from "@/api/useAction";
import { useWebApp } from "@/telegram/context";
import { share, type ShareTarget } from "./api";
import { startLink, useBotUsername } from "./links";
import "./sharing.css";

/**
 * Share: the bot's card of a bet, a multiple, a result or the book to a chat (./api.ts).
 * `startParam` is what the card's link opens (`ev_<eventId>`, `bk_<bookmakerId>`), shared
 * with `text` should Telegram not prepare the card; `label` names what is shared for a reader.
 */
export function ShareButton({
  target,
  startParam,
  text,
  label,
  className = "",
}: {
  target: ShareTarget;
  startParam: string;
  text?: string;
  label?: string;
  className?: string;
}) {
  const webApp = useWebApp();
  const { bot } = useBotUsername();
  const { busy, error, run } = useAction();
  const fallback = { url: startLink(startParam, bot ?? ""), text };
  return (
    <>
      <button
        type="button"
        className={`button button-secondary share-button ${className}`}
        aria-label={label}
        disabled={busy}
        onClick={() => void run(() => share(webApp, target, fallback))}
      >
        {t`Share`}
      </button>
      {error && <p className="hint share-error">{error}</p>}
    </>
  );
}
