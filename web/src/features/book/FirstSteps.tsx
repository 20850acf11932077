import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import type { Id } from "@worker/contract";
import { allDone, useFirstSteps } from "./first-steps";
import { useInviteLink } from "./invite";
import { i18n } from "@/i18n/runtime";
import { useWebApp } from "@/telegram/context";
import { shareThroughTelegram } from "@/telegram/features";
import { INVITE_CARD_ID, INVITE_TEXT } from "./InviteCard";

/**
 * A new bookmaker's checklist on his main page: create an event, invite punters through
 * Telegram's share sheet, give them coins. Each ticks itself from his data; the list goes once
 * all three are done.
 */
export function FirstSteps({ bookmakerId }: { bookmakerId: Id }) {
  const [, navigate] = useLocation();
  const steps = useFirstSteps();
  const { link } = useInviteLink(bookmakerId);
  const webApp = useWebApp();
  if (!steps || allDone(steps)) return null;
  // Without Telegram's share sheet (or the link, yet), the invite card below, with its copy button.
  const share = () => {
    if (link !== null && shareThroughTelegram(webApp, link, i18n._(INVITE_TEXT))) return;
    document.getElementById(INVITE_CARD_ID)?.scrollIntoView({ behavior: "smooth" });
  };
  return (
    <section className="bk-card bk-first-steps" aria-label={t`First steps`}>
      <h2 className="bk-label">{t`First steps`}</h2>
      <ol className="bk-steps">
        <Step done={steps.event} label={t`Create your first event`} onTap={() => navigate("/createeventpage")} />
        <Step done={steps.invite} label={t`Invite punters through Telegram`} onTap={share} />
        <Step done={steps.coins} label={t`Give coins to a punter`} onTap={() => navigate("/playermanagement")} />
      </ol>
    </section>
  );
}

function Step({ done, label, onTap }: { done: boolean; label: string; onTap(): void }) {
  return (
    <li className={done ? "bk-step-done" : undefined}>
      <span aria-hidden="true" className="bk-step-mark">
        {done ? "✓" : "○"}
      </span>
      {done ? (
        <s>{label}</s>
      ) : (
        <button type="button" className="bk-link-button" onClick={onTap}>
          {label}
        </button>
      )}
    </li>
  );
}
