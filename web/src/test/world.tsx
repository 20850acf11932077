import { render } from "@testing-library/react";
import type { Me } from "@worker/contract";
import { App } from "@/App";
import { launch } from "@/start/launch";
import { json } from "./network";
import { installTelegram } from "./telegram";

// A signed-in bookmaker for screen tests: the routes every bookmaker screen reads at start.

export const BOOK_ID = 5;
export const bookie: Me = {
  userId: 42,
  username: "alice",
  bookmakerDto: { bookmakerId: BOOK_ID, bookmakerName: "AliceBooks", terms: "Cash only" },
  staffOf: null,
};
export const newcomer: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };

export function signedInRoutes(me: Me = bookie) {
  installTelegram();
  return {
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => json(me),
  };
}

/** The whole app at `path` with navigation state, as a screen navigating there would leave it. */
export function renderAt(path: string, state: unknown = null) {
  window.history.replaceState(state, "", path);
  return render(<App launch={launch({ startDelayMs: 0, devMode: false })} />);
}
