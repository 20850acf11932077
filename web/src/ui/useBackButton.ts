import { useLayoutEffect } from "react";
import { useLocation } from "wouter";
import { useWebApp } from "@/telegram/context";

const HOME = "/home";

/**
 * A press of Back while the next screen's code is still arriving (ScreenLoading shows, and no
 * screen holds the button): kept, and run by the screen that shows next as its own step back.
 * Telegram keeps the button shown through that gap, and a press in it was lost: after a reload
 * no screen's code is at hand, so the first Back on each newly opened screen did nothing.
 */
let pressedWhileLoading = false;

/** Holds Telegram's back button while a screen's code loads (see pressedWhileLoading). */
export function useBackWhileLoading() {
  const { BackButton } = useWebApp();
  useLayoutEffect(() => {
    const press = () => {
      pressedWhileLoading = true;
    };
    BackButton.onClick(press);
    return () => BackButton.offClick(press);
  }, [BackButton]);
}

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
    const pressed = pressedWhileLoading;
    pressedWhileLoading = false;
    if (!shown) {
      BackButton.hide();
      return;
    }
    const goBack = onBack ?? (() => (backTo ? navigate(backTo) : window.history.back()));
    BackButton.onClick(goBack);
    BackButton.show();
    if (pressed) goBack();
    return () => BackButton.offClick(goBack);
  }, [BackButton, shown, backTo, navigate, onBack]);
}
