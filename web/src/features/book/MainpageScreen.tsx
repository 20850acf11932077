import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useOwnBook } from "@/features/profile/book";
import { useMe } from "@/features/profile/me";
import "@/styles/bookmaker.css";
import { BookmakerGuide } from "./guide/BookmakerGuide";
import { bookmakerEnd } from "./subscription-end";
import { useActiveSubscriptions } from "@/features/market/active";
import { longDateOnceLoaded } from "@/ui/dates";
import { Page } from "@/ui/Page";
import type { CreateProfileState } from "@/navigation/createprofile";
import { FirstSteps } from "./FirstSteps";
import { InviteCard } from "./InviteCard";
import { LimitsCard } from "./LimitsCard";
import { CashOutCard } from "./CashOutCard";
import { StaffCard } from "./StaffCard";
import { ProfileCard, TermsCard } from "./ProfileCards";
import { NotificationsSheet } from "@/features/notifications/NotificationsSheet";
import { PriceRequestsPanel } from "@/features/price-requests/PriceRequestsPanel";
import { NO_PROFILE } from "@common/refusals";
import { commonText } from "@/i18n/common-words";

/** The bookmaker's dashboard. */
export function MainpageScreen() {
  const [, navigate] = useLocation();
  const { book, loading } = useOwnBook();
  const subscriptions = useActiveSubscriptions(book?.bookmakerId);
  const [guideOpen, setGuideOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const editProfile = () => navigate("/createprofile", { state: { from: "mainpage" } satisfies CreateProfileState });
  // A bot message's price request (startapp=pr_<id>, ?request=<id>) opens here; a manager's home,
  // where he answers them, is the Counter.
  const staff = useMe().data?.staffOf && !book;
  const request = new URLSearchParams(useSearch()).get("request");
  useEffect(() => {
    if (staff && request) navigate(`/counter?request=${request}`, { replace: true });
  }, [staff, request, navigate]);

  return (
    <Page backTo="/home" className="bk">
      <h1 className="page-title">{t`Subscription`}</h1>
      <section className="bk-card">
        <div className="bk-row">
          <span className="bk-muted">{t`End time`}</span>
          <span className="bk-strong">
            {longDateOnceLoaded(
              !loading && (!book || subscriptions.data !== undefined || subscriptions.error !== undefined),
              bookmakerEnd(subscriptions.data),
            )}
          </span>
        </div>
      </section>

      {book ? (
        <>
          <FirstSteps bookmakerId={book.bookmakerId} />

          <PriceRequestsPanel />

          <ProfileCard book={book} onEdit={editProfile} />

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => setGuideOpen(true)}>
            {t`Bookmaker's Guide`}
          </button>

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/figures")}>
            {t`Figures`}
          </button>

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/liability")}>
            {t`Liability`}
          </button>

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/counter")}>
            {t`Counter`}
          </button>

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => navigate("/changes")}>
            {t`Changes`}
          </button>

          <button type="button" className="bk-card bk-tap bk-guide-link" onClick={() => setNotificationsOpen(true)}>
            {t`Notifications`}
          </button>
          <NotificationsSheet open={notificationsOpen} onClose={() => setNotificationsOpen(false)} role="bookmaker" />

          <TermsCard terms={book.terms} onEdit={editProfile} />

          <LimitsCard bookmakerId={book.bookmakerId} />
          <CashOutCard bookmakerId={book.bookmakerId} />
          <StaffCard bookmakerId={book.bookmakerId} />

          <InviteCard bookmakerId={book.bookmakerId} />
        </>
      ) : (
        <p className="bk-empty">{loading ? t`Loading...` : commonText(NO_PROFILE)}</p>
      )}

      <footer className="footer-bar">
        <button type="button" className="button" onClick={() => navigate("/playermanagement")}>
          {t`My Punters`}
        </button>
        <button type="button" className="button" onClick={() => navigate("/bookmakerevents")}>
          {t`Events`}
        </button>
        <button type="button" className="button" onClick={() => navigate("/marketpage")}>
          {t`Market`}
        </button>
      </footer>

      <BookmakerGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </Page>
  );
}
