import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { DeletionNotice } from "./DeletionNotice";
import { PRODUCT_TITLE } from "@/config";
import { i18n } from "@/i18n/runtime";
import { preloadOn } from "@/routes";
import { useWebApp } from "@/telegram/context";
import { useSettingsButton } from "@/telegram/features";
import { Dialog } from "@/ui/Dialog";
import { Logo } from "@/ui/Logo";
import { Page } from "@/ui/Page";
import { FaqDialog } from "./FaqDialog";
import { HOME_LINKS } from "./links";
import { useBookieButton } from "./useBookieButton";
import { NotificationsSheet } from "@/features/notifications/NotificationsSheet";

export function HomeScreen() {
  const [, navigate] = useLocation();
  const webApp = useWebApp();
  const [onBookie, bookieBusy, bookiePaymentNotice] = useBookieButton();
  const [faqOpen, setFaqOpen] = useState(false);
  const [pokerOpen, setPokerOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // Telegram's own Settings item (the mini-app's menu) opens the same sheet.
  useSettingsButton(() => setNotificationsOpen(true));

  return (
    <Page className="home">
      <header className="home-header">
        <Logo size={56} />
        <h1>{PRODUCT_TITLE}</h1>
      </header>
      <DeletionNotice />
      <p className="home-description">
        {t`${PRODUCT_TITLE} connects on-land bookmakers with their punters. Bookmakers run events and accept bets in coins; punters bet with the coins their bookmaker gives them.`}
      </p>

      <nav className="link-rows">
        <button type="button" className="link-row" onClick={() => setFaqOpen(true)}>
          {t`FAQ`}
        </button>
        <button type="button" className="link-row" onClick={() => setNotificationsOpen(true)}>
          {t`Notifications`}
        </button>
        {HOME_LINKS.map((link) => (
          <button key={link.label.id} type="button" className="link-row" onClick={() => webApp.openLink(link.url)}>
            {i18n._(link.label)}
          </button>
        ))}
      </nav>

      <footer className="footer-bar">
        <button type="button" className="button" onClick={() => navigate("/bookies")} {...preloadOn("/bookies")}>
          {t`Punters`}
        </button>
        <button
          type="button"
          className={bookieBusy ? "button button-busy" : "button"}
          aria-busy={bookieBusy}
          onClick={onBookie}
        >
          {t`Bookie`}
        </button>
        <button type="button" className="button" onClick={() => setPokerOpen(true)}>
          {t`Poker`}
        </button>
      </footer>

      <FaqDialog open={faqOpen} onClose={() => setFaqOpen(false)} />
      <NotificationsSheet open={notificationsOpen} onClose={() => setNotificationsOpen(false)} role="punter" />
      <Dialog open={pokerOpen} onClose={() => setPokerOpen(false)}>
        {t`Poker will be soon`}
      </Dialog>
      {bookiePaymentNotice}
    </Page>
  );
}
