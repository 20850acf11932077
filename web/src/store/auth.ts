import { create } from "zustand";
import type { Id } from "@worker/contract";
import { sessionStore } from "./storage";

// The session lives in sessionStorage too (the token under "jwt", as the spec names it), so a
// reload inside the same Telegram session keeps working before sign-in answers again. Where
// storage is denied it lives in memory (store/storage.ts).
const TOKEN_KEY = "jwt";
const USER_ID_KEY = "userId";

interface AuthState {
  token: string | null;
  userId: Id | null;
  setSession(session: { token: string; userId: Id }): void;
  clearSession(): void;
  /** Picks up the session kept in sessionStorage, if any. */
  restoreSession(): void;
}

export const useAuth = create<AuthState>()((set) => ({
  token: null,
  userId: null,
  setSession({ token, userId }) {
    sessionStore.setItem(TOKEN_KEY, token);
    sessionStore.setItem(USER_ID_KEY, String(userId));
    set({ token, userId });
  },
  clearSession() {
    sessionStore.removeItem(TOKEN_KEY);
    sessionStore.removeItem(USER_ID_KEY);
    set({ token: null, userId: null });
  },
  restoreSession() {
    const token = sessionStore.getItem(TOKEN_KEY);
    const userId = Number(sessionStore.getItem(USER_ID_KEY));
    set({ token: token || null, userId: token && userId > 0 ? userId : null });
  },
}));

export const useToken = () => useAuth((s) => s.token);
export const useUserId = () => useAuth((s) => s.userId);
