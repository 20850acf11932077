import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookBalances, LiabilityBoard, Me, PriceRequest } from "@worker/contract";
import { aBet } from "@/test/bets";
import { bookEvent, inHours, item } from "@/test/events";
import { errorBody, json, stubApi } from "@/test/network";
import { offered, priceRequest } from "@/test/price-requests";
import { renderAt, signedInRoutes } from "@/test/world";

// The book answers a price request (docs/decisions/screens.md, "Price requests").

const balances: BookBalances = {
  balance: { amount: 5000, currency: "COIN" },
  punters: [
    {
      user: { internalId: 42, username: "bob" },
      money: { amount: 900, currency: "COIN" },
      note: "",
      limits: { maxStake: 100, maxPayoutPerEvent: null },
    },
  ],
  limits: { maxStake: null, maxPayoutPerEvent: 2000, maxMultiplesPayout: 10_000 },
};

const board: LiabilityBoard = {
  events: [
    {
      id: 70,
      title: "Horse Racing / Ireland",
      description: "",
      status: "READY_FOR_BETS",
      startDate: inHours(1),
      staked: 100,
      bets: 1,
      worst: 800,
      cashedOut: 0,
      sp: false,
      items: [
        { id: 701, title: "Red Rum", status: "ACTIVE", deduction: 0, staked: 0, bets: 0, payout: 0 },
        { id: 703, title: "Arkle", status: "ACTIVE", deduction: 0, staked: 100, bets: 1, payout: 800 },
      ],
    },
  ],
  multiples: { open: 0, potential: 0 },
  worstCase: 800,
};

const event = bookEvent(70, {
  title: "Horse Racing / Ireland",
  items: [item(701, "Red Rum", 2), item(703, "Arkle", 5)],
});

/** The book's routes, with `pending` and `offers` answering its open requests as they stand. */
function bookRoutes(pending: () => PriceRequest[], offers: () => PriceRequest[] = () => []) {
  return {
    ...signedInRoutes(),
    "GET /price-requests?status=PENDING": () => json(pending()),
    "GET /price-requests?status=OFFERED": () => json(offers()),
    "GET /balances": () => json(balances),
    "GET /bets/5/?userId=42": () =>
      json([
        aBet(3, {
          eventId: 70,
          eventItemId: 703,
          outcomeTitle: "Arkle",
          coefficient: 8,
          money: { amount: 100, currency: "COIN" },
        }),
      ]),
    "GET /events/liability": () => json(board),
    "GET /events/70": () => json(event),
    "GET /subscriptions/active/5": () => json([]),
  };
}

const cardOf = (punter: string) => screen.findByRole("article", { name: `Price request from ${punter}` });
const answers = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/price-requests/9/answer").map((c) => c.body);

describe("the book's price requests", () => {
  it("shows who asks what, his limits, his open bets on the event and what the outcome would pay", async () => {
    stubApi(bookRoutes(() => [priceRequest()]));
    renderAt("/mainpage");
    const card = await cardOf("@bob");
    await waitFor(() => expect(card.textContent).toContain("Arkle · Horse Racing / Ireland"));
    expect(card.textContent).toContain("Asks 500 at 6");
    expect(card.textContent).toContain("Price now5");
    await waitFor(() => expect(card.textContent).toContain("His limitsMax stake 100 · Max payout per event 2.00K"));
    await waitFor(() => expect(card.textContent).toContain("His open bets on this eventArkle 100 at 8"));
    // 800 now; 500 at 6 returns 3,000 more.
    await waitFor(() => expect(card.textContent).toContain("If Arkle wins, the book pays800 → 3.80K"));
  });

  it("accepts and declines with one tap each", async () => {
    const calls = stubApi({
      ...bookRoutes(() => [priceRequest()]),
      "POST /price-requests/9/answer": () => json(offered(500, 6)),
    });
    renderAt("/mainpage");
    const card = await cardOf("@bob");
    fireEvent.click(within(card).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(answers(calls)).toEqual([{ action: "ACCEPT" }]));
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Decline" })).toHaveProperty("disabled", false),
    );
    fireEvent.click(within(card).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(answers(calls)).toEqual([{ action: "ACCEPT" }, { action: "DECLINE" }]));
  });

  it("counters with a smaller stake and another price, never more than was asked", async () => {
    let pending = [priceRequest()];
    let offers: PriceRequest[] = [];
    const calls = stubApi({
      ...bookRoutes(
        () => pending,
        () => offers,
      ),
      "POST /price-requests/9/answer": () => {
        pending = [];
        offers = [offered(300, 5.5)];
        return json(offers[0]);
      },
    });
    renderAt("/mainpage");
    const card = await cardOf("@bob");
    fireEvent.click(within(card).getByRole("button", { name: "Counter offer" }));
    const send = within(card).getByRole("button", { name: "Send offer" });
    // The stake and price asked are no counter.
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(within(card).getByLabelText("Stake"), { target: { value: "600" } });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(within(card).getByLabelText("Stake"), { target: { value: "300" } });
    fireEvent.change(within(card).getByLabelText("Odds"), { target: { value: "5,5" } });
    // The outcome's payout with the counter as typed: 300 at 5.5 returns 1,650.
    await waitFor(() => expect(card.textContent).toContain("800 → 2.45K"));
    fireEvent.click(send);
    await waitFor(() => expect(answers(calls)).toEqual([{ action: "COUNTER", amount: 300, coefficient: 5.5 }]));
    // The offer now waits for the punter, counting down.
    const waiting = await screen.findByText("You offered 300 at 5.5: waiting for the punter");
    expect(within(waiting.closest("article")!).getByRole("timer")).toBeTruthy();
    expect(within(waiting.closest("article")!).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("says the API's words when the request moved on before the answer", async () => {
    stubApi({
      ...bookRoutes(() => [priceRequest()]),
      "POST /price-requests/9/answer": () => errorBody(409, "CONFLICT", "This request has expired."),
    });
    renderAt("/mainpage");
    const card = await cardOf("@bob");
    fireEvent.click(within(card).getByRole("button", { name: "Accept" }));
    expect((await within(card).findByRole("alert")).textContent).toBe("This request has expired.");
  });

  it("says so when the request a bot message named is no longer open", async () => {
    stubApi(bookRoutes(() => [priceRequest({ id: 8, username: "carol" })]));
    renderAt("/mainpage?request=9");
    const panel = await screen.findByRole("region", { name: "Price requests" });
    expect(await within(panel).findByText("This request has been answered or has expired.")).toBeTruthy();
    expect(within(panel).getByRole("article", { name: "Price request from @carol" })).toBeTruthy();
  });

  it("opens the main page from the bot message's Counter button (startapp=pr_<id>) with that request on top", async () => {
    stubApi(bookRoutes(() => [priceRequest({ id: 8, username: "carol" }), priceRequest()]));
    renderAt("/?startapp=pr_9");
    await screen.findByRole("article", { name: "Price request from @carol" });
    expect(window.location.pathname + window.location.search).toBe("/mainpage?request=9");
    const cards = screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(cards).toEqual(["Price request from @bob", "Price request from @carol"]);
    expect(screen.queryByText("This request has been answered or has expired.")).toBeNull();
  });

  it("sends a manager on from the main page to his Counter, the request on top", async () => {
    stubApi({
      ...bookRoutes(() => [priceRequest({ id: 8, username: "carol" }), priceRequest()]),
      "GET /bookmakers/authorizeMe": () =>
        json({ userId: 43, username: "pete", bookmakerDto: null, staffOf: { bookmakerId: 5, role: "MANAGER" } }),
      "GET /events?view=open": () => json([event]),
    });
    renderAt("/?startapp=pr_9");
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe("/counter?request=9"));
    await screen.findByRole("article", { name: "Price request from @carol" });
    const cards = screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(cards).toEqual(["Price request from @bob", "Price request from @carol"]);
  });

  it("shows the event's open requests on its draft screen, and only its", async () => {
    const calls = stubApi({
      ...bookRoutes(() => []),
      "GET /price-requests?eventId=70&status=PENDING": () => json([priceRequest()]),
      "GET /price-requests?eventId=70&status=OFFERED": () => json([]),
    });
    renderAt("/eventmanagementpage/70");
    const panel = await screen.findByRole("region", { name: "Price requests" });
    expect(await within(panel).findByRole("article", { name: "Price request from @bob" })).toBeTruthy();
    expect(calls.some((c) => c.path === "/price-requests?status=PENDING")).toBe(false);
  });

  it("shows a manager the open requests on his home, the Counter; a clerk's Counter asks for none", async () => {
    const staff = (role: "MANAGER" | "CLERK"): Me => ({
      userId: 43,
      username: "pete",
      bookmakerDto: null,
      staffOf: { bookmakerId: 5, role },
    });
    const routes = (me: Me) => ({
      ...bookRoutes(() => [priceRequest()]),
      "GET /bookmakers/authorizeMe": () => json(me),
      "GET /events?view=open": () => json([event]),
    });
    stubApi(routes(staff("MANAGER")));
    const { unmount } = renderAt("/counter");
    const panel = await screen.findByRole("region", { name: "Price requests" });
    expect(await within(panel).findByRole("article", { name: "Price request from @bob" })).toBeTruthy();
    unmount();

    const calls = stubApi(routes(staff("CLERK")));
    renderAt("/counter");
    await screen.findByText("Check ticket");
    await screen.findByRole("list", { name: "Taking bets" });
    expect(calls.some((c) => c.path.startsWith("/price-requests"))).toBe(false);
  });

  it("shows the open requests on the main page", async () => {
    stubApi({ ...bookRoutes(() => [priceRequest()]), "GET /subscriptions/active/5": () => json([]) });
    renderAt("/mainpage");
    const panel = await screen.findByRole("region", { name: "Price requests" });
    expect(await within(panel).findByRole("article", { name: "Price request from @bob" })).toBeTruthy();
  });
});
