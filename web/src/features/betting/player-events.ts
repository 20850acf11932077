import { useState } from "react";
import type { Id, PlayerEvent } from "@worker/contract";
import { useApi } from "@/api/swr";
import { POLL_MS } from "@/config";

const MIN_POLL_MS = 2_000;

/** Bets are taken only on READY_FOR_BETS events whose start is still ahead (docs/rules/betting.md, "Betting"). */
export const isOpenForBets = (e: PlayerEvent, now = Date.now()) =>
  e.status === "READY_FOR_BETS" && Date.parse(e.startDate) > now;

/**
 * Adaptive polling (docs/rules/screens.md, "Polling"): the square root of the minutes to the nearest open
 * event's start, in seconds, at least 2 s; 12 s when no event is open.
 */
export function eventPollMs(events: PlayerEvent[] | undefined, now = Date.now()): number {
  const starts = (events ?? []).filter((e) => isOpenForBets(e, now)).map((e) => Date.parse(e.startDate) - now);
  if (starts.length === 0) return POLL_MS;
  const minutes = Math.min(...starts) / 60_000;
  return Math.max(MIN_POLL_MS, Math.sqrt(minutes) * 1000);
}

/** Upcoming events first, the next to start on top; then started ones, the latest first. */
export function sortEvents(events: PlayerEvent[], now = Date.now()): PlayerEvent[] {
  const start = (e: PlayerEvent) => Date.parse(e.startDate);
  const upcoming = events.filter((e) => start(e) > now).sort((a, b) => start(a) - start(b));
  const started = events.filter((e) => !(start(e) > now)).sort((a, b) => start(b) - start(a));
  return [...upcoming, ...started];
}

/**
 * A bookmaker's events for the punter. Fractional odds come in the plain answer whenever the
 * bookmaker holds FRACTAL_ODDS, so the switch never needs to ask the API (and be refused).
 */
export function usePlayerEvents(bookmakerId: Id | null) {
  // The interval is a number set from each answer. SWR restarts its poll timer whenever the
  // interval changes identity: a function made anew per render starved the poll of a screen
  // that rendered more often than it polled (the punter's odds froze until he touched the
  // page), and one function for every render would time the first poll from no answer (12 s).
  const [pollMs, setPollMs] = useState(POLL_MS);
  return useApi("GET /player/events/:bookmakerId", bookmakerId === null ? null : { params: { bookmakerId } }, {
    refreshInterval: pollMs,
    onSuccess: (events) => setPollMs(eventPollMs(events)),
  });
}

/** The punter's coins with this bookmaker. */
export const useCoins = (bookmakerId: Id | null) =>
  useApi("GET /balances/:bookmakerId", bookmakerId === null ? null : { params: { bookmakerId } }, {
    refreshInterval: POLL_MS,
  });
