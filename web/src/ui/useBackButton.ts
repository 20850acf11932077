import { useLayoutEffect } from "react";
import { useLocation } from "wouter";
import { useWebApp } from "@/telegram/context";

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

  // A layout effect: the screen's handler is in place when the screen shows, and the screen it
  // replaced has let go of the button. As a passive effect there was a moment after a new screen
  // showed when a tap on Back still ran the old screen's step (a test caught it under load).
  useLayoutEffect(() => {
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
