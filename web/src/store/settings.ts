import { create } from "zustand";
import { persist } from "zustand/middleware";

// One fractional-odds flag for the whole app (the spec's client kept two; one is enough).
interface SettingsState {
  fractionalOdds: boolean;
  setFractionalOdds(on: boolean): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      fractionalOdds: false,
      setFractionalOdds: (fractionalOdds) => set({ fractionalOdds }),
    }),
    { name: "settings" },
  ),
);

export const useFractionalOdds = () => useSettings((s) => s.fractionalOdds);
