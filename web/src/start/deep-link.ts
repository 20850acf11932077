import type { Id } from "../../../worker/contract";
import type { BookiesState } from "../screens/bookies/state";
import type { TelegramWebApp } from "../telegram/web-app";

// A bookmaker's invitation link: t.me/<bot>?startapp=bk_<id> arrives as Telegram's start_param;
// the bot's /start button opens WEB_ORIGIN/?startapp=bk_<id> instead (see docs/DECISIONS.md).

const BOOKMAKER_LINK = /^bk_(\d{1,15})$/;
/** The start parameter already followed in this Telegram session: a reload keeps init data. */
const FOLLOWED_KEY = "startParamFollowed";

export function startParam(webApp: TelegramWebApp, search: string): string | null {
  const query = new URLSearchParams(search);
  return webApp.initDataUnsafe.start_param || query.get("startapp") || query.get("tgWebAppStartParam") || null;
}

/** The bookmaker a start parameter names, if it names one. */
export function deepLinkedBookmaker(param: string | null): Id | null {
  const match = param ? BOOKMAKER_LINK.exec(param.trim()) : null;
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/**
 * Before the router mounts: a launch by a bookmaker's link opens /bookies with him shown;
 * /bookies goes on to his events when the punter is already approved there.
 */
export function followDeepLink(webApp: TelegramWebApp): void {
  const param = startParam(webApp, window.location.search);
  const bookmakerId = deepLinkedBookmaker(param);
  if (bookmakerId === null || sessionStorage.getItem(FOLLOWED_KEY) === param) return;
  sessionStorage.setItem(FOLLOWED_KEY, param!);
  const state: BookiesState = { showBookmakerId: bookmakerId };
  window.history.replaceState(state, "", "/bookies");
}
