import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@/i18n/runtime";
import { useAuth } from "@/store/auth";
import { useSignIn } from "@/store/sign-in";
import { call } from "./call";
import { ApiError } from "./client";
import { showLanguage } from "@/i18n/language";

/** The words for a sign-in that failed, by how it failed ("Bookie", the product's name, in every language). */
function failureOf(err: unknown): { reason: MessageDescriptor; waitS: number } {
  if (err instanceof ApiError && err.status === 429)
    return { reason: msg`Too many sign-ins from your network just now.`, waitS: err.retryAfterS ?? 10 };
  if (err instanceof ApiError && err.status >= 500) return { reason: msg`Bookie is not answering.`, waitS: 0 };
  if (err instanceof ApiError) return { reason: msg`Telegram's sign-in was not accepted.`, waitS: 0 };
  return { reason: msg`No connection to Bookie.`, waitS: 0 };
}

/**
 * Exchanges Telegram's init data for a session. The spec ignores a failure; here it is kept in
 * store/sign-in.ts, so the app says so and offers Retry (SignInProblem) instead of showing
 * screens whose buttons do nothing. A restored token, if any, stays in use meanwhile.
 */
export async function signIn(initData: string): Promise<void> {
  useSignIn.setState({ status: "pending", initData });
  try {
    const session = await call("POST /auth/telegram", { body: { initData } });
    useAuth.getState().setSession(session);
    useSignIn.setState({ status: "ok" });
    // The user's language as the server keeps it (his choice, else Telegram's): usually the one
    // the launch started in; if not, the app switches to it.
    if (session.language) void showLanguage(session.language).catch(() => {});
  } catch (err) {
    const { reason, waitS } = failureOf(err);
    useSignIn.setState({ status: "failed", reason, retryAt: Date.now() + waitS * 1000 });
  }
}

/** Retry: signs in again with the launch's init data. */
export const signInAgain = () => signIn(useSignIn.getState().initData);
