import { create } from "zustand";
import { persist } from "zustand/middleware";
import { persistOnDevice } from "./storage";

// The bookmaker's fractional-odds flag (his own screens); the punter's is in store/fractional.ts.
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
    { name: "settings", storage: persistOnDevice() },
  ),
);

export const useFractionalOdds = () => useSettings((s) => s.fractionalOdds);
