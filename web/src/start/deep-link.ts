import type { Id } from "@worker/contract";
import type { BookiesState } from "@/navigation/bookies";
import { sessionStore } from "@/store/storage";
import type { TelegramWebApp } from "@/telegram/web-app";

// A bookmaker's invitation link: t.me/<bot>?startapp=bk_<id> arrives as Telegram's start_param;
// the bot's /start button opens WEB_ORIGIN/?startapp=bk_<id> instead (see docs/DECISIONS.md). A
// shared card's link names an event, ev_<id> (docs/decisions/telegram.md, "Sharing").

const BOOKMAKER_LINK = /^bk_(\d{1,15})$/;
const EVENT_LINK = /^ev_(\d{1,15})$/;
/**
 * The launch whose start parameter was followed, named by its init data: a reload keeps the
 * launch's init data and stays where it was, while a new launch (an invite tapped again in the
 * same Telegram Web tab) brings new init data and is followed.
 */
const FOLLOWED_KEY = "startParamFollowedFor";

export function startParam(webApp: TelegramWebApp, search: string): string | null {
  const query = new URLSearchParams(search);
  return webApp.initDataUnsafe.start_param || query.get("startapp") || query.get("tgWebAppStartParam") || null;
}

/** The id a start parameter names by `link`, if it names one. */
function linkedId(link: RegExp, param: string | null): Id | null {
  const match = param ? link.exec(param.trim()) : null;
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/** The bookmaker a start parameter names, if it names one. */
export const deepLinkedBookmaker = (param: string | null) => linkedId(BOOKMAKER_LINK, param);

/** The event a shared card's start parameter names, if it names one. */
export const deepLinkedEvent = (param: string | null) => linkedId(EVENT_LINK, param);

/**
 * The screen a bot message's button opens (worker/notifications/messages.ts): join requests, one
 * event, or a price request the book is asked to counter (`pr_<id>`: the main page with it on top,
 * which sends staff on to their Counter).
 */
export function botMessageScreen(param: string): string | null {
  if (param === "requests") return "/playermanagement";
  const link = /^(event|pr)_(\d{1,15})$/.exec(param);
  return link && (link[1] === "pr" ? "/mainpage?request=" : "/eventmanagementpage/") + link[2];
}

/**
 * Before the router mounts: a launch by a bookmaker's link opens /bookies with him shown;
 * /bookies goes on to his events when the punter is already approved there. A shared event's
 * link opens /bookies too, which asks the event's book and goes on the same way (at the event),
 * or to the event's own screen for the book's owner and staff.
 */
export function followDeepLink(webApp: TelegramWebApp): void {
  const param = startParam(webApp, window.location.search);
  const botScreen = param ? botMessageScreen(param) : null;
  if (botScreen && sessionStorage.getItem(FOLLOWED_KEY) !== param) {
    sessionStorage.setItem(FOLLOWED_KEY, param!);
    window.history.replaceState(null, "", botScreen);
    return;
  }
  const bookmakerId = deepLinkedBookmaker(param);
  const eventId = deepLinkedEvent(param);
  const launchKey = `${webApp.initData}|${param}`;
  if ((bookmakerId ?? eventId) === null || sessionStore.getItem(FOLLOWED_KEY) === launchKey) return;
  sessionStore.setItem(FOLLOWED_KEY, launchKey);
  const state: BookiesState = bookmakerId !== null ? { showBookmakerId: bookmakerId } : { showEventId: eventId! };
  window.history.replaceState(state, "", "/bookies");
}
