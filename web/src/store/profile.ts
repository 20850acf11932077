import { create } from "zustand";

/** The bookmaker profile being written (name and terms) before the server has it. */
interface ProfileState {
  name: string;
  terms: string;
  setName(name: string): void;
  setTerms(terms: string): void;
}

export const useProfile = create<ProfileState>()((set) => ({
  name: "",
  terms: "",
  setName: (name) => set({ name }),
  setTerms: (terms) => set({ terms }),
}));

export const useProfileName = () => useProfile((s) => s.name);
export const useProfileTerms = () => useProfile((s) => s.terms);
