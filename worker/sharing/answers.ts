import * as v from "valibot";

// What sharing/routes.ts answers: the card Telegram keeps for the caller to send.

const ShareButton = v.object({
  text: v.string(),
  url: v.pipe(v.string(), v.description("A t.me link opening the mini-app at the thing shared (`startapp`).")),
});

/** POST /share: the prepared message's id for `shareMessage`, and its text and button for older clients. */
export const SharedCard = v.object({
  preparedMessageId: v.pipe(
    v.string(),
    v.description("Telegram's id of the prepared inline message, for Telegram.WebApp.shareMessage."),
  ),
  text: v.pipe(
    v.string(),
    v.description("The card's text, in the caller's language (for t.me/share/url where shareMessage is missing)."),
  ),
  buttons: v.array(ShareButton),
});
