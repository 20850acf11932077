import { create } from "zustand";
import { persist } from "zustand/middleware";
import { persistOnDevice } from "./storage";

// The punter's fractional-odds flag (the spec's "fractional slice"). The bookmaker's own flag is
// in the settings slice: a bookmaker who also bets elsewhere keeps the two apart.
interface FractionalState {
  on: boolean;
  setOn(on: boolean): void;
}

export const useFractional = create<FractionalState>()(
  persist(
    (set) => ({
      on: false,
      setOn: (on) => set({ on }),
    }),
    { name: "fractional", storage: persistOnDevice() },
  ),
);

export const usePunterFractional = () => useFractional((s) => s.on);
