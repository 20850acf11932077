import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { PRODUCT_TITLE } from "@/config";
import { Logo } from "@/ui/Logo";
import { Page } from "@/ui/Page";

export function SplashScreen() {
  const [, navigate] = useLocation();
  return (
    <Page noBack className="splash">
      <div className="splash-hero">
        <Logo size={120} />
        <h1 className="splash-title">{PRODUCT_TITLE}</h1>
        <p className="hint">{t`Your bookmaker and his punters, in one place.`}</p>
      </div>
      <button type="button" className="button button-wide" onClick={() => navigate("/home")}>
        {t`Start`}
      </button>
    </Page>
  );
}
