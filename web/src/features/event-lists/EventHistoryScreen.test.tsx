import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bookEvent, inHours, item } from "@/test/events";
import { renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi } from "@/test/network";

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
    expect(cards.map((c) => c.querySelector(".bk-strong")?.textContent)).toEqual([
      "Football / Spain",
      "Darts / Ireland",
    ]);
    expect(cards[0].textContent).toContain("ABANDONED");
    expect(cards[1].textContent).toContain("COMPLETED");
  });

  it("opens the result of a tapped event", async () => {
    stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () =>
        json([
          bookEvent(1, {
            title: "Darts / Ireland",
            status: "CALCULATED",
            items: [
              item(11, "Phil", 2, { status: "WINNER", whatIf: -40 }),
              item(12, "Raymond", 3, { status: "LOSER", whatIf: 25 }),
            ],
          }),
        ]),
    });
    renderAt("/eventhistorypage");
    fireEvent.click(await screen.findByRole("button", { name: /^Darts \/ Ireland/ }));
    const dialog = screen.getByRole("dialog", { name: "Darts / Ireland" });
    expect(dialog.textContent).toContain("GAIN");
    expect(dialog.textContent).toContain("Phil");
  });

  const settled = (id: number, title: string, hoursAgo: number) =>
    bookEvent(id, { title, status: "CALCULATED", startDate: inHours(-hoursAgo - 1), settledAt: inHours(-hoursAgo) });
  const card = (title: string) => screen.getByRole("button", { name: new RegExp(`^${title}`) }).closest("li")!;

  it("offers Undo result only on results of the last 24 hours", async () => {
    stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () => json([settled(1, "Darts / Ireland", 2), settled(2, "Football / Spain", 30)]),
    });
    renderAt("/eventhistorypage");
    await screen.findByRole("button", { name: /^Darts \/ Ireland/ });
    expect(within(card("Darts / Ireland")).getByRole("button", { name: "Undo result" })).toBeTruthy();
    expect(within(card("Football / Spain")).queryByRole("button", { name: "Undo result" })).toBeNull();
  });

  it("says how many bets and coins undoing moves back, then undoes and shows the event among the open ones", async () => {
    const event = settled(1, "Darts / Ireland", 2);
    const reopened = { ...event, status: "WAITING_FOR_RESULT" as const, settledAt: null };
    let open = [] as (typeof reopened)[];
    const calls = stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () => json([event]),
      "GET /events/1/settlement": () => json({ bets: 12, coins: 340.5, undoUntil: inHours(22) }),
      "POST /events/1/unsettle": () => {
        open = [reopened];
        return json(reopened);
      },
      "GET /events?view=open": () => json(open),
    });
    renderAt("/eventhistorypage");
    await screen.findByRole("button", { name: /^Darts \/ Ireland/ });
    fireEvent.click(within(card("Darts / Ireland")).getByRole("button", { name: "Undo result" }));
    const confirm = await screen.findByRole("dialog", { name: "Undo the result?" });
    expect(confirm.textContent).toContain("12 bets and 340.50 coins go back; you can then settle again.");
    fireEvent.click(within(confirm).getByRole("button", { name: "Undo result" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    const back = await screen.findByRole("article", { name: "Darts / Ireland" });
    expect(within(back).getByRole("button", { name: "Draft" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST" && c.path !== "/auth/telegram").map((c) => c.path)).toEqual([
      "/events/1/unsettle",
    ]);
  });

  it("Cancel leaves the result as it is", async () => {
    const calls = stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () => json([settled(1, "Darts / Ireland", 2)]),
      "GET /events/1/settlement": () => json({ bets: 1, coins: 1, undoUntil: inHours(22) }),
    });
    renderAt("/eventhistorypage");
    await screen.findByRole("button", { name: /^Darts \/ Ireland/ });
    fireEvent.click(within(card("Darts / Ireland")).getByRole("button", { name: "Undo result" }));
    const confirm = await screen.findByRole("dialog", { name: "Undo the result?" });
    expect(confirm.textContent).toContain("1 bet and 1 coin go back");
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.path.endsWith("/unsettle"))).toBe(false);
  });

  it("shows the refusal naming the punters who no longer hold what the undo takes back", async () => {
    const refusal = "Not every punter still holds what the undo takes back: @bob is 12.5 short.";
    stubApi({
      ...signedInRoutes(),
      "GET /events?view=history": () => json([settled(1, "Darts / Ireland", 2)]),
      "GET /events/1/settlement": () => json({ bets: 3, coins: 40, undoUntil: inHours(22) }),
      "POST /events/1/unsettle": () => errorBody(409, "CANNOT_UNSETTLE", refusal),
    });
    renderAt("/eventhistorypage");
    await screen.findByRole("button", { name: /^Darts \/ Ireland/ });
    fireEvent.click(within(card("Darts / Ireland")).getByRole("button", { name: "Undo result" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Undo the result?" })).getByRole("button", {
        name: "Undo result",
      }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(window.location.pathname).toBe("/eventhistorypage");
  });
});
