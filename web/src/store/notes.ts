import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Id } from "../../../worker/contract";
import { persistOnDevice } from "./storage";

/** A bookmaker's notes on punters, by the punter's userId, kept on this device. */
interface NotesState {
  notes: Record<string, string>;
  setNote(userId: Id, note: string): void;
}

export const useNotes = create<NotesState>()(
  persist(
    (set) => ({
      notes: {},
      setNote: (userId, note) => set((s) => ({ notes: { ...s.notes, [String(userId)]: note } })),
    }),
    { name: "notes", storage: persistOnDevice() },
  ),
);

export const useNote = (userId: Id) => useNotes((s) => s.notes[String(userId)] ?? "");
