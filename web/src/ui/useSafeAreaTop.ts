import { useEffect, useState } from "react";
import { SAFE_AREA_EXTRA_PX } from "@/config";
import { useWebApp } from "@/telegram/context";
import type { TelegramWebApp } from "@/telegram/web-app";

// The top inset is the device's safe area (notch, status bar) plus Telegram's content safe area
// (its own header controls in full-screen mode); both are 0 or absent before Bot API 8.0.
const insetTop = (webApp: TelegramWebApp) => (webApp.safeAreaInset?.top ?? 0) + (webApp.contentSafeAreaInset?.top ?? 0);

const CHANGES = ["safeAreaChanged", "contentSafeAreaChanged", "fullscreenChanged"];

/** Top padding in px for the page: the inset plus SAFE_AREA_EXTRA_PX when the inset is positive. */
export function useSafeAreaTop(): number {
  const webApp = useWebApp();
  const [top, setTop] = useState(() => insetTop(webApp));

  useEffect(() => {
    const update = () => setTop(insetTop(webApp));
    CHANGES.forEach((event) => webApp.onEvent?.(event, update));
    return () => CHANGES.forEach((event) => webApp.offEvent?.(event, update));
  }, [webApp]);

  return top > 0 ? top + SAFE_AREA_EXTRA_PX : 0;
}
