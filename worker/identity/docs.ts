import { doc } from "../lib/route-doc";
import { Languages, Session } from "./answers";

export const signIn = doc({
  tag: "Identity",
  summary: "Sign in with Telegram",
  description:
    "Exchanges the mini-app's Telegram init data (`initData`, the raw string Telegram gives it) for a session token; the user is created or updated on the way, Telegram's `language_code` kept as one of ours. `language`: the one he reads (his choice, else Telegram's, else en). Counted per client address.",
  answer: Session,
  caller: "public",
  errors: ["UNAUTHENTICATED", "USERNAME_REQUIRED", "RATE_LIMITED", "MISCONFIGURED"],
});

export const language = doc({
  tag: "Identity",
  summary: "Choose the app's language",
  description:
    "The language the caller reads the app and the bot's messages in: one of en, es, pt-BR, ru, fr, tr, id, ar, or null for Telegram's again. Answers the language now in force (`language`: his choice, else Telegram's as one of ours, else en) and Telegram's (`telegram`, null when it is none of ours).",
  answer: Languages,
  errors: ["VALIDATION", "UNAUTHENTICATED"],
});
