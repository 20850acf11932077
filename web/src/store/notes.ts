import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Id } from "@worker/contract";
import { persistOnDevice } from "./storage";

// The bookmaker's notes on his punters as this device keeps them, by the punter's user id (the
// spec's client state "local notes by userId"; docs/decisions/screens.md, "Local notes"). A note is kept
// here the moment he saves it, then sent to the API: his punters list shows it at once, and still
// shows it should the call fail, until the API's note moves on from the one it was written over.

interface LocalNote {
  note: string;
  /** The API's note when he wrote this one: once the API says anything else, it has caught up (or another device wrote). */
  over: string;
}

interface NotesState {
  byUser: Record<string, LocalNote>;
  keep(userId: Id, note: string, over: string): void;
  /** Drops the notes the API has moved on from, given each punter's note as the API says it now. */
  settle(apiNotes: ReadonlyArray<{ userId: Id; note: string }>): void;
}

export const useNotes = create<NotesState>()(
  persist(
    (set, get) => ({
      byUser: {},
      keep: (userId, note, over) => set((s) => ({ byUser: { ...s.byUser, [userId]: { note, over } } })),
      settle: (apiNotes) => {
        const stale = apiNotes.filter(({ userId, note }) => {
          const local = get().byUser[userId];
          return local !== undefined && local.over !== note;
        });
        if (stale.length === 0) return;
        const byUser = { ...get().byUser };
        for (const { userId } of stale) delete byUser[userId];
        set({ byUser });
      },
    }),
    { name: "notes", storage: persistOnDevice(), partialize: (s) => ({ byUser: s.byUser }) },
  ),
);

/** The note to show for a punter: this device's, while the API still has the note it was written over; else the API's. */
export function shownNote(local: LocalNote | undefined, apiNote: string): string {
  return local !== undefined && local.over === apiNote ? local.note : apiNote;
}
