import { doc } from "../lib/route-doc";
import { SharedCard } from "./answers";

export const share = doc({
  tag: "Sharing",
  summary: "Share a bet, a multiple, a result or the book",
  description:
    "Makes a card of what the caller shares and has the bot keep it for him (Bot API savePreparedInlineMessage), for Telegram.WebApp.shareMessage to send to any chat. `kind` BET or MULTIPLE: his own bet (either part of an each-way bet) or multiple; RESULT: a settled event (CALCULATED or abandoned) of a book he is in; INVITE: a book he is in (its owner, staff or an approved punter), by its bookmaker id. The card, in his language, shows the selection, price, stake and what it returns or returned, never a balance, and one button: a t.me link opening the event (`startapp=ev_<eventId>`; a multiple's first leg's) or the book (`bk_<bookmakerId>`). Answers the prepared message's id with the card's text and button, which a client without shareMessage shares through t.me/share/url. Nothing is written; it counts against the writes' rate limit.",
  answer: SharedCard,
  errors: ["NOT_FOUND", "EVENT_NOT_SETTLED", "TELEGRAM_UNAVAILABLE"],
});
