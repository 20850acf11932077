import { useEffect } from "react";
import { useLocation } from "wouter";
import { useWebApp } from "../telegram/context";

const HOME = "/home";

/**
 * Telegram's back button: to `backTo` when given, else one step back in history.
 * Hidden on /home (the app's root) and where the screen turns it off; `onBack`, when given, is
 * the screen's own step back (to ask before throwing work away).
 */
export function useBackButton({
  backTo,
  disabled = false,
  onBack,
}: {
  backTo?: string;
  disabled?: boolean;
  onBack?: () => void;
}) {
  const { BackButton } = useWebApp();
  const [location, navigate] = useLocation();
  const shown = !disabled && location !== HOME;

  useEffect(() => {
    if (!shown) {
      BackButton.hide();
      return;
    }
    const goBack = onBack ?? (() => (backTo ? navigate(backTo) : window.history.back()));
    BackButton.onClick(goBack);
    BackButton.show();
    return () => BackButton.offClick(goBack);
  }, [BackButton, shown, backTo, navigate, onBack]);
}
