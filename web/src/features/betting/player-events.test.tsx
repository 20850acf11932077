import { render, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { expect, it } from "vitest";
import SwrCache from "@/api/cache";
import { useAuth } from "@/store/auth";
import { json, stubApi } from "@/test/network";
import { playerEvent } from "@/test/punter";
import { usePlayerEvents } from "./player-events";

/** The events of book 5 read by the hook, in a screen that renders again every `renderMs`. */
function Busy({ renderMs }: { renderMs: number }) {
  const [renders, setRenders] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setRenders((n) => n + 1), renderMs);
    return () => clearInterval(timer);
  }, [renderMs]);
  const events = usePlayerEvents(5);
  return <p>{events.data ? `events ${renders}` : "none"}</p>;
}

// SWR restarts its poll timer whenever its refreshInterval changes identity: an interval made
// anew on every render starved the poll of a screen that rendered more often than it polled
// (another read's answer, a tick), and the punter's odds froze until he touched the page.
it("polls a book's events on time while the screen renders more often than that", async () => {
  let reads = 0;
  // An event a minute from its start polls every 2 s; the screen renders every 300 ms.
  const soon = playerEvent({ startDate: new Date(Date.now() + 60_000).toISOString() });
  stubApi({ "GET /player/events/5": () => (reads++, json([soon])) });
  useAuth.setState({ token: "t", userId: 42 });
  render(
    <SwrCache>
      <Busy renderMs={300} />
    </SwrCache>,
  );
  await screen.findByText(/^events/);
  await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2), { timeout: 4_500, interval: 100 });
}, 10_000);
