import { has } from "./has";
import type { TelegramWebApp } from "./web-app";

const VERTICAL_SWIPES = "7.7";

/**
 * Every screen scrolls a list (bookmakers, events, punters, bets, figures): a swipe down must
 * scroll it, not close the app. The header's close button and Back still close it. Apart from
 * telegram/features.ts, whose hooks are the screens': the launch's first bundle needs only this.
 */
export function keepSwipesForScrolling(webApp: TelegramWebApp): void {
  if (has(webApp, VERTICAL_SWIPES, webApp.disableVerticalSwipes)) webApp.disableVerticalSwipes!();
}
