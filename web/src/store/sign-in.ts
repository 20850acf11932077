import { create } from "zustand";
import type { MessageDescriptor } from "@/i18n/runtime";

// How the start-up sign-in went (api/auth.ts), for the screens that need a session: a refused or
// failed sign-in is said in the user's words with Retry, never left as an app that does nothing.
// Its reason is a message, worded at render: the language may change after it (or its catalogue arrive).

export type SignIn =
  | { status: "pending" }
  | { status: "ok" }
  /** `retryAt`: when Retry may be tapped (the API's Retry-After for a 429), epoch ms. */
  | { status: "failed"; reason: MessageDescriptor; retryAt: number };

export const useSignIn = create<SignIn & { initData: string }>()(() => ({ status: "pending", initData: "" }));
