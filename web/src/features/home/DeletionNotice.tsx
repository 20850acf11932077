import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { useMe } from "@/features/profile/me";
import { longDate } from "@/ui/dates";

/** The last week before a lapsed bookmaker's book is deleted (docs/ARCHITECTURE.md, "Retention"); the API says when. */
export function DeletionNotice() {
  const [, navigate] = useLocation();
  const deletesOn = useMe().data?.bookDeletesOn;
  if (!deletesOn) return null;
  const date = longDate(deletesOn);
  return (
    <section className="deletion-notice" role="alert">
      <p>
        {t`Your bookmaker subscription has ended. Your book, with its events, bets, punters and coins, will be deleted on ${date} unless you renew.`}
      </p>
      <button type="button" className="button" onClick={() => navigate("/renewsubscription")}>
        {t`Renew`}
      </button>
    </section>
  );
}
