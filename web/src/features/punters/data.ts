import type { Id } from "@worker/contract";
import { call } from "@/api/call";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

/** The bookmaker's pool and his punters' coins and notes. */
export const useBookBalances = () => useApi("GET /balances", {}, { refreshInterval: POLL_MS });

/** The bookmaker's answer to a join request. */
export const answerJoinRequest = (requestId: Id, verdict: "approve" | "reject") =>
  call(`POST /bookmakers/requests/:id/${verdict}`, { params: { id: requestId } });

/** Join requests waiting for the bookmaker's answer. */
export const useJoinRequests = () => useApi("GET /bookmakers/requests", {}, { refreshInterval: POLL_MS });

/** Below this many coins in the pool he is told to buy more (docs/rules/screens.md, "Subscriptions and the market"). */
export const LOW_BALANCE = 1000;
