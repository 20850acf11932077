import { useEffect, useEffectEvent } from "react";
import { useWebApp } from "@/telegram/context";

/** Telegram's MainButton showing `text` and calling the latest `onClick`, while the screen is up. */
export function useMainButton(text: string, onClick: () => void, active = true) {
  const { MainButton } = useWebApp();
  // The latest onClick, without setting the button up again on each render.
  const clicked = useEffectEvent(() => onClick());

  useEffect(() => {
    const click = () => clicked();
    MainButton.setText(text);
    MainButton.onClick(click);
    MainButton.show();
    return () => {
      MainButton.offClick(click);
      MainButton.hide();
    };
  }, [MainButton, text]);

  useEffect(() => {
    if (active) MainButton.enable();
    else MainButton.disable();
  }, [MainButton, active]);
}
