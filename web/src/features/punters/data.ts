import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

/** The bookmaker's pool and his punters' coins and notes. */
export const useBookBalances = () => useApi("GET /balances", {}, { refreshInterval: POLL_MS });

/** Join requests waiting for the bookmaker's answer. */
export const useJoinRequests = () => useApi("GET /bookmakers/requests", {}, { refreshInterval: POLL_MS });

/** Below this many coins in the pool he is told to buy more (docs/rules/screens.md, "Subscriptions and the market"). */
export const LOW_BALANCE = 1000;
