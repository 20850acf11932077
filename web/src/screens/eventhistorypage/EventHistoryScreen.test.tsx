import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bookEvent, inHours, item } from "../../bookmaker/events/fixtures";
import { renderAt, signedInRoutes } from "../../bookmaker/test-world";
import { json, stubApi } from "../../test/network";

describe("event history", () => {
  it("lists finished events newest first, CALCULATED as COMPLETED and CANCELLED as ABANDONED", async () => {
    stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () =>
        json([
          bookEvent(1, { title: "Darts / Ireland", status: "CALCULATED", startDate: inHours(-50) }),
          bookEvent(2, { title: "Football / Spain", status: "CANCELLED", startDate: inHours(-2) }),
        ]),
    });
    renderAt("/eventhistorypage");
    expect(await screen.findByRole("heading", { name: "Event history" })).toBeTruthy();
    const cards = await screen.findAllByRole("button", { name: /\/ / });
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(["Football / Spain", "Darts / Ireland"]);
    expect(cards[0].textContent).toContain("ABANDONED");
    expect(cards[1].textContent).toContain("COMPLETED");
  });

  it("opens the result of a tapped event", async () => {
    stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () =>
        json([bookEvent(1, { title: "Darts / Ireland", status: "CALCULATED", items: [item(11, "Phil", 2, { status: "WINNER", whatIf: -40 }), item(12, "Raymond", 3, { status: "LOSER", whatIf: 25 })] })]),
    });
    renderAt("/eventhistorypage");
    fireEvent.click(await screen.findByRole("button", { name: "Darts / Ireland" }));
    const dialog = screen.getByRole("dialog", { name: "Darts / Ireland" });
    expect(dialog.textContent).toContain("GAIN");
    expect(dialog.textContent).toContain("Phil");
  });
});
