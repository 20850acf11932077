import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PriceRequest } from "@worker/contract";
import { errorBody, json, stubApi } from "@/test/network";
import { offered, priceRequest } from "@/test/price-requests";
import { choose, event, openEvents } from "@/test/punter-events";
import { punterRoutes } from "@/test/punter";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

// A bet beyond what the box takes, asked of the bookmaker (docs/decisions/screens.md, "Price requests").

const openDialog = async () => fireEvent.click(await screen.findByRole("button", { name: /^Horse Racing \/ Ireland/ }));
const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;

describe("asking the bookmaker for a price", () => {
  it("sends the outcome, stake, price and each-way from the bet dialog, then shows the request waiting", async () => {
    let mine: PriceRequest[] = [];
    const calls = await openEvents([event({ eachWay: { places: 3, fraction: 5, standard: true } })], {
      coins: 1000,
      routes: {
        "GET /price-requests": () => json(mine),
        "POST /price-requests": () => {
          mine = [priceRequest({ amount: 250, coefficient: 6, eachWay: true })];
          return json(mine[0], 201);
        },
      },
    });
    await openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Ask for a price" }));
    const ask = screen.getByRole("dialog", { name: "Ask for a price" });
    fireEvent.change(within(ask).getByRole("combobox", { name: "Outcome" }), { target: { value: "703" } });
    // The price starts at the outcome's odds now; the box's room is said.
    expect(field(ask, "Odds").value).toBe("5");
    expect(ask.textContent).toContain("You can bet up to 200 on it now.");
    fireEvent.change(field(ask, "Stake"), { target: { value: "250" } });
    fireEvent.change(field(ask, "Odds"), { target: { value: "6" } });
    fireEvent.click(within(ask).getByRole("checkbox", { name: "Each-way" }));
    fireEvent.click(within(ask).getByRole("button", { name: "Ask the bookmaker" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Ask for a price" })).toBeNull());
    const post = calls.find((c) => c.method === "POST" && c.path === "/price-requests")!;
    expect(post.body).toEqual({
      bookmakerId: 5,
      eventId: 70,
      eventItemId: 703,
      amount: 250,
      coefficient: 6,
      eachWay: true,
    });
    const lines = await screen.findAllByRole("list", { name: "Your price requests" });
    expect(lines[0].textContent).toContain("You asked for 250 E/W at 6 on Arkle");
    expect(lines[0].textContent).toContain("Waiting for the bookmaker...");
  });

  it("shows the API's refusal in the ask dialog and keeps it open", async () => {
    await openEvents([event()], {
      routes: {
        "GET /price-requests": () => json([]),
        "POST /price-requests": () =>
          errorBody(409, "PRICE_REQUEST_NOT_NEEDED", "The box takes this bet: place it instead."),
      },
    });
    await openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Ask for a price" }));
    const ask = screen.getByRole("dialog", { name: "Ask for a price" });
    fireEvent.change(field(ask, "Stake"), { target: { value: "10" } });
    fireEvent.click(within(ask).getByRole("button", { name: "Ask the bookmaker" }));
    expect((await within(ask).findByRole("alert")).textContent).toBe("The box takes this bet: place it instead.");
  });

  it("offers to ask the bookmaker for a stake the box refused as over his limits, starting from that stake", async () => {
    const calls = await openEvents([event()], {
      coins: 1000,
      bets: { 703: () => errorBody(409, "LIMIT_EXCEEDED", "Your maximum stake is 50.") },
      routes: { "GET /price-requests": () => json([]), "POST /price-requests": () => json(priceRequest(), 201) },
    });
    await openDialog();
    choose("Arkle", "1/2 Max");
    fireEvent.click(screen.getByRole("button", { name: "Bet" }));
    const refused = await screen.findByRole("dialog", { name: "Your bet has not been accepted" });
    expect(refused.textContent).toContain("Arkle: Your maximum stake is 50.");
    fireEvent.click(within(refused).getByRole("button", { name: "Ask the bookmaker" }));
    const ask = screen.getByRole("dialog", { name: "Ask for a price" });
    expect((within(ask).getByRole("combobox", { name: "Outcome" }) as HTMLSelectElement).value).toBe("703");
    expect(field(ask, "Stake").value).toBe("100");
    fireEvent.click(within(ask).getByRole("button", { name: "Ask the bookmaker" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/price-requests")).toBe(true));
    expect(calls.find((c) => c.path === "/price-requests" && c.method === "POST")!.body).toMatchObject({
      eventItemId: 703,
      amount: 100,
      coefficient: 5,
    });
  });
});

describe("the bookmaker's answer on the event", () => {
  it("shows an offer with its countdown and takes it as a bet, with an Idempotency-Key", async () => {
    let mine = [offered(300, 5.5)];
    const calls = await openEvents([event()], {
      routes: {
        "GET /price-requests": () => json(mine),
        "POST /price-requests/9/take": () => {
          mine = [offered(300, 5.5, 45, { status: "TAKEN", betId: 77 })];
          return json({}, 201);
        },
      },
    });
    const lines = await screen.findByRole("list", { name: "Your price requests" });
    expect(lines.textContent).toContain("The bookmaker offers 300 at 5.5 on Arkle");
    expect(within(lines).getByRole("timer").textContent).toMatch(/^4\d S$/);
    fireEvent.click(within(lines).getByRole("button", { name: "Take" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/price-requests/9/take")).toBe(true));
    const take = calls.find((c) => c.path === "/price-requests/9/take")!;
    expect(take.method).toBe("POST");
    expect(take.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
    // Taken: his bets and coins are read again, and the request, now his bet, leaves the card.
    await waitFor(() => expect(calls.filter((c) => c.path === "/balances/5").length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Your price requests" })).toBeNull());
  });

  it("says the API's words when the offer expired before the tap", async () => {
    await openEvents([event()], {
      routes: {
        "GET /price-requests": () => json([offered(300, 5.5, 2)]),
        "POST /price-requests/9/take": () => errorBody(409, "OFFER_EXPIRED", "The offer has expired."),
      },
    });
    const lines = await screen.findByRole("list", { name: "Your price requests" });
    fireEvent.click(within(lines).getByRole("button", { name: "Take" }));
    expect((await within(lines).findByRole("alert")).textContent).toBe("The offer has expired.");
  });

  it("stops offering Take once the 60 s are over", async () => {
    await openEvents([event()], { routes: { "GET /price-requests": () => json([offered(300, 5.5, 1)]) } });
    const lines = await screen.findByRole("list", { name: "Your price requests" });
    await waitFor(() => expect(within(lines).getByRole("button", { name: "Take" })).toHaveProperty("disabled", true), {
      timeout: 3000,
    });
    expect(lines.textContent).toContain("The offer expired");
  });

  it("shows a declined and an expired request under the event", async () => {
    await openEvents([event()], {
      routes: {
        "GET /price-requests": () =>
          json([
            priceRequest({
              id: 10,
              eventItemId: 701,
              status: "DECLINED",
              answeredBy: { userId: 1, username: "alice" },
            }),
            priceRequest({ id: 9, status: "EXPIRED" }),
          ]),
      },
    });
    const lines = await screen.findByRole("list", { name: "Your price requests" });
    const items = within(lines)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual(["You asked for 500 at 6 on Red RumDeclined", "You asked for 500 at 6 on ArkleExpired"]);
  });
});

describe("the offer's bot message", () => {
  it("opens the event for the punter: its Open the event (startapp=event_<id>) names the book's screen, which he cannot read", async () => {
    installTelegram();
    stubApi({
      ...punterRoutes(() => [event()], 100),
      "GET /bookmakers/authorizeMe": () => json({ userId: 42, username: "bob", bookmakerDto: null, staffOf: null }),
      "GET /events/70": () => errorBody(404, "NOT_FOUND", "Event not found."),
      "GET /events/70/book": () => json({ bookmakerId: 5 }),
      "GET /bets/5/": () => json([]),
      "GET /price-requests": () => json([offered(300, 5.5)]),
    });
    renderApp("/?startapp=event_70");
    await waitFor(() => expect(window.location.pathname).toBe("/events/5"));
    const dialog = await screen.findByRole("dialog", { name: "Horse Racing / Ireland" });
    expect((await within(dialog).findByRole("list", { name: "Your price requests" })).textContent).toContain(
      "The bookmaker offers 300 at 5.5 on Arkle",
    );
  });
});
