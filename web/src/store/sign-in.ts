import { create } from "zustand";

// How the start-up sign-in went (api/auth.ts), for the screens that need a session: a refused or
// failed sign-in is said in the user's words with Retry, never left as an app that does nothing.

export type SignIn =
  | { status: "pending" }
  | { status: "ok" }
  /** `retryAt`: when Retry may be tapped (the API's Retry-After for a 429), epoch ms. */
  | { status: "failed"; reason: string; retryAt: number };

export const useSignIn = create<SignIn & { initData: string }>()(() => ({ status: "pending", initData: "" }));
