/** A special feature the Market can be opened on, its purchase asked at once (a locked feature's Unlock). */
export type Unlockable = "WHAT_IF" | "FRACTAL_ODDS";

/** Navigation state of /marketpage: where the user came from decides where back goes. */
export interface MarketpageState {
  from?: "home";
  offer?: Unlockable;
}
