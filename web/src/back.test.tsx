import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "./test/network";
import { renderAt, signedInRoutes } from "./test/world";

// Telegram's Back on every route after a cold start there (a reload, a link straight to it):
// no history lies behind the screen, so each must know where its Back goes
// (docs/rules/screens.md, "Screens and Back"). The API answers nothing but the sign-in: Back
// must work before, and whatever, a screen's data says.

const COLD_STARTS: [path: string, back: string][] = [
  ["/bookies", "/home"],
  ["/events/5", "/bookies"],
  ["/history/5", "/events/5"],
  ["/subscription", "/home"],
  ["/renewsubscription", "/mainpage"],
  ["/createprofile", "/home"],
  ["/mainpage", "/home"],
  ["/playermanagement", "/mainpage"],
  ["/historyofuser/bob_99", "/playermanagement"],
  ["/bookmakerevents", "/mainpage"],
  ["/eventmanagementpage/7", "/bookmakerevents"],
  ["/createeventpage", "/bookmakerevents"],
  ["/eventhistorypage", "/bookmakerevents"],
  ["/marketpage", "/mainpage"],
  ["/figures", "/mainpage"],
  ["/figures/punter/9", "/figures"],
  ["/liability", "/mainpage"],
  ["/changes", "/mainpage"],
];

describe("Back after a cold start", () => {
  it.each(COLD_STARTS)("on %s goes to %s", async (path, back) => {
    stubApi(signedInRoutes());
    renderAt(path);
    fireEvent.click(await screen.findByRole("button", { name: "‹ Back" }));
    await waitFor(() => expect(window.location.pathname).toBe(back));
  });
});
