import { createContext, useContext } from "react";
import type { TelegramWebApp } from "./web-app";

/** The launch's WebApp, provided once start-up found a supported client. */
export const WebAppContext = createContext<TelegramWebApp | null>(null);

export function useWebApp(): TelegramWebApp {
  const webApp = useContext(WebAppContext);
  if (!webApp) throw new Error("useWebApp outside a supported Telegram launch");
  return webApp;
}
