import { msg, t } from "@lingui/core/macro";
import { useState } from "react";
import { useAction } from "@/api/useAction";
import { share } from "@/features/sharing/api";
import type { Id } from "@worker/contract";
import { CopyIcon, ShareIcon } from "./icons";
import { useInviteLink } from "./invite";
import { PRODUCT_TITLE } from "@/config";
import { i18n } from "@/i18n/runtime";
import { useWebApp } from "@/telegram/context";

/** The message punters receive with the link (said with `i18n._`). */
export const INVITE_TEXT = msg`Join my book on ${PRODUCT_TITLE}`;

/** The card's id: the first steps' invite scrolls to it where Telegram cannot share. */
export const INVITE_CARD_ID = "invite-link";

/**
 * The link a bookmaker shares with punters; it opens the app on his book. Share sends the bot's
 * invitation card (POST /share, shareMessage), or the link with its words where it cannot.
 */
export function InviteCard({ bookmakerId }: { bookmakerId: Id }) {
  const { link, loading } = useInviteLink(bookmakerId);
  const [copied, setCopied] = useState(false);
  const webApp = useWebApp();
  const sharing = useAction();

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Some Telegram clients refuse the clipboard: the link stays selectable on screen.
    }
  }

  return (
    <section id={INVITE_CARD_ID} className="bk-card" aria-label={t`Invite link`}>
      <div className="bk-row">
        <span className="bk-label">{t`Invite punters`}</span>
        {copied && <span className="bk-muted">{t`Copied`}</span>}
      </div>
      {link ? (
        <div className="bk-row">
          <code className="bk-link-text" dir="ltr">
            {link}
          </code>
          <button type="button" className="bk-icon-button" aria-label={t`Copy invite link`} onClick={copy}>
            <CopyIcon />
          </button>
          <button
            type="button"
            className="bk-icon-button"
            aria-label={t`Share invite link`}
            disabled={sharing.busy}
            onClick={() =>
              void sharing.run(() =>
                share(webApp, { kind: "INVITE", id: bookmakerId }, { url: link, text: i18n._(INVITE_TEXT) }),
              )
            }
          >
            <ShareIcon />
          </button>
        </div>
      ) : loading ? (
        <p className="bk-muted">{t`Loading...`}</p>
      ) : (
        <p className="bk-muted">{t`No invite link: the API does not know its bot's username (BOT_USERNAME).`}</p>
      )}
      {sharing.error && <p className="bk-muted">{sharing.error}</p>}
    </section>
  );
}
