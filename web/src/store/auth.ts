import { create } from "zustand";
import type { Id } from "../../../worker/contract";

// The session lives in sessionStorage too (the token under "jwt", as the spec names it), so a
// reload inside the same Telegram session keeps working before sign-in answers again.
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
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(USER_ID_KEY, String(userId));
    set({ token, userId });
  },
  clearSession() {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(USER_ID_KEY);
    set({ token: null, userId: null });
  },
  restoreSession() {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const userId = Number(sessionStorage.getItem(USER_ID_KEY));
    set({ token: token || null, userId: token && userId > 0 ? userId : null });
  },
}));

export const useToken = () => useAuth((s) => s.token);
export const useUserId = () => useAuth((s) => s.userId);
