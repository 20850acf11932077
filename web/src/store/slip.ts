import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { LEGS_MAX, type MultipleKind } from "@common/multiples";
import type { Id } from "@worker/contract";
import { sessionStore } from "./storage";

// The punter's bet slip, one per bookmaker: the selections he has gathered from that book's
// events, the kind he picked and the stake per line he typed. Client state only; the odds and
// whether a selection still takes bets are read from the live event list when shown.

export interface SlipLeg {
  eventId: Id;
  eventItemId: Id;
  eventTitle: string;
  outcomeTitle: string;
  /** The odds when it was added: shown struck beside the odds now when they moved. */
  coefficient: number;
  /** At SP, where its event takes SP bets: sent as "SP", paid at the runner's starting price. */
  atSp?: boolean;
}

export interface Slip {
  legs: SlipLeg[];
  /** null until he picks one: the first kind the legs allow is meant. */
  kind: MultipleKind | null;
  /** The stake per line as typed. */
  unit: string;
}

export const EMPTY_SLIP: Slip = { legs: [], kind: null, unit: "" };

interface SlipState {
  slips: Record<string, Slip>;
  /** One selection per event: another outcome of an event in the slip takes its place. */
  add(bookmakerId: Id, leg: SlipLeg): void;
  remove(bookmakerId: Id, eventId: Id): void;
  setAtSp(bookmakerId: Id, eventId: Id, atSp: boolean): void;
  setKind(bookmakerId: Id, kind: MultipleKind): void;
  setUnit(bookmakerId: Id, unit: string): void;
  clear(bookmakerId: Id): void;
}

export const useSlips = create<SlipState>()(
  persist(
    (set) => {
      const change = (bookmakerId: Id, edit: (slip: Slip) => Slip) =>
        set((s) => ({ slips: { ...s.slips, [bookmakerId]: edit(s.slips[bookmakerId] ?? EMPTY_SLIP) } }));
      return {
        slips: {},
        add: (bookmakerId, leg) =>
          change(bookmakerId, (slip) => {
            const at = slip.legs.findIndex((l) => l.eventId === leg.eventId);
            if (at >= 0) return { ...slip, legs: slip.legs.map((l, i) => (i === at ? leg : l)) };
            // A multiple takes at most LEGS_MAX legs; the screen does not offer a ninth.
            return slip.legs.length < LEGS_MAX ? { ...slip, legs: [...slip.legs, leg] } : slip;
          }),
        remove: (bookmakerId, eventId) =>
          change(bookmakerId, (slip) => ({ ...slip, legs: slip.legs.filter((l) => l.eventId !== eventId) })),
        setAtSp: (bookmakerId, eventId, atSp) =>
          change(bookmakerId, (slip) => ({
            ...slip,
            legs: slip.legs.map((l) => (l.eventId === eventId ? { ...l, atSp } : l)),
          })),
        setKind: (bookmakerId, kind) => change(bookmakerId, (slip) => ({ ...slip, kind })),
        setUnit: (bookmakerId, unit) => change(bookmakerId, (slip) => ({ ...slip, unit })),
        clear: (bookmakerId) => change(bookmakerId, () => EMPTY_SLIP),
      };
    },
    // This Telegram session's storage: the slip outlives leaving the book's events and a reload.
    { name: "slip", storage: createJSONStorage(() => sessionStore), partialize: (s) => ({ slips: s.slips }) },
  ),
);

/** A bookmaker's slip (the same empty slip while he has none, so the selector is stable). */
export const useSlip = (bookmakerId: Id | null) =>
  useSlips((s) => (bookmakerId === null ? EMPTY_SLIP : (s.slips[bookmakerId] ?? EMPTY_SLIP)));
