import { useHistoryState } from "wouter/use-browser-location";
import { Placeholder } from "../../ui/Placeholder";
import type { MarketpageState } from "./state";

export function MarketpageScreen() {
  const state = useHistoryState<MarketpageState | null>();
  return <Placeholder title="Market" backTo={state?.from === "home" ? "/home" : "/mainpage"} />;
}
