import * as answers from "../answers";
import { doc } from "../describe";

export const signIn = doc({
  tag: "Identity",
  summary: "Sign in with Telegram",
  description:
    "Exchanges the mini-app's Telegram init data (`initData`, the raw string Telegram gives it) for a session token; the user is created or updated on the way. Counted per client address.",
  answer: answers.Session,
  caller: "public",
  errors: ["UNAUTHENTICATED", "USERNAME_REQUIRED", "RATE_LIMITED", "MISCONFIGURED"],
});
