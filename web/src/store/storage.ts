import { createJSONStorage } from "zustand/middleware";

// A browser or policy that blocks third-party site data denies the mini-app's iframe its storage:
// merely reading window.sessionStorage throws "Access is denied". Every storage access goes
// through here, and without storage the values live in memory for as long as the page does.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function guarded(open: () => Storage): KeyValueStore & { memory: Map<string, string> } {
  const memory = new Map<string, string>();
  const attempt = <T>(real: (storage: Storage) => T, fallback: () => T): T => {
    try {
      return real(open());
    } catch {
      return fallback();
    }
  };
  return {
    memory,
    getItem: (key) =>
      attempt(
        (s) => s.getItem(key),
        () => memory.get(key) ?? null,
      ),
    setItem: (key, value) =>
      attempt(
        (s) => s.setItem(key, value),
        () => void memory.set(key, value),
      ),
    removeItem: (key) =>
      attempt(
        (s) => s.removeItem(key),
        () => void memory.delete(key),
      ),
  };
}

/** This Telegram session's storage (kept across a reload of the mini-app). */
export const sessionStore = guarded(() => window.sessionStorage);

/** This device's storage (kept across launches). */
export const deviceStore = guarded(() => window.localStorage);

/** For zustand's persist: the device's storage, guarded. */
export const persistOnDevice = () => createJSONStorage(() => deviceStore);
