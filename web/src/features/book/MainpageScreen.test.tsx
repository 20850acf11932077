import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookBalances, BookLimits, Me } from "@worker/contract";
import { inviteLink } from "./invite";
import { bookie, BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { deferred, errorBody, json, stubApi } from "@/test/network";

async function openMain(
  me: Me = bookie,
  endDate: string | null = "2030-03-05T12:00:00.000Z",
  botUsername: string | null = null,
  extra: Parameters<typeof stubApi>[0] = {},
) {
  const calls = stubApi({
    ...signedInRoutes(me),
    "GET /config": () => json({ botUsername }),
    [`GET /subscriptions/active/${BOOK_ID}`]: () =>
      json(
        endDate
          ? [
              {
                subscription: { subscriptionType: "BOOKMAKER" },
                active: true,
                endDate,
                renewsAt: null,
                renewableFrom: null,
              },
            ]
          : [],
      ),
    ...extra,
  });
  renderAt("/mainpage");
  await screen.findByRole("heading", { name: "Subscription" });
  return calls;
}

const balances = (limits: BookLimits): BookBalances => ({
  balance: { amount: 5000, currency: "COIN" },
  punters: [],
  limits,
});

describe("the bookmaker's main page", () => {
  it("shows the subscription's end as 'D Month, YYYY', the name and the id", async () => {
    await openMain();
    expect(await screen.findByText("5 March, 2030")).toBeTruthy();
    expect(await screen.findByText("AliceBooks")).toBeTruthy();
    expect(screen.getByText(String(BOOK_ID))).toBeTruthy();
  });

  it("says 'Unknown' without a subscription and shows the default terms when none are set", async () => {
    await openMain({ ...bookie, bookmakerDto: { ...bookie.bookmakerDto!, terms: "" } }, null);
    expect(await screen.findByText("1 coin = 1 USD / Payment via cash, card, cripto")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Unknown")).toBeTruthy());
  });

  it("reads 'Loading...' for the End time while the subscriptions load, never 'Unknown'", async () => {
    const answer = deferred<Response>();
    await openMain(bookie, null, null, { [`GET /subscriptions/active/${BOOK_ID}`]: () => answer.promise });
    expect(await screen.findByText("AliceBooks")).toBeTruthy();
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.queryByText("Unknown")).toBeNull();
    answer.resolve(
      json([
        {
          subscription: { subscriptionType: "BOOKMAKER" },
          active: true,
          endDate: "2030-03-05T12:00:00.000Z",
          renewsAt: null,
          renewableFrom: null,
        },
      ]),
    );
    expect(await screen.findByText("5 March, 2030")).toBeTruthy();
  });

  it("opens the guide and closes it with ×", async () => {
    await openMain();
    fireEvent.click(await screen.findByRole("button", { name: "Bookmaker's Guide" }));
    const guide = screen.getByRole("dialog", { name: "Bookmaker's Guide" });
    expect(guide.textContent).toContain("one bet per outcome");
    expect(guide.textContent).toContain("10,000 coins");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("goes to the profile form in edit mode from a pen", async () => {
    await openMain();
    fireEvent.click(await screen.findByRole("button", { name: "Edit name" }));
    expect(window.location.pathname).toBe("/createprofile");
    expect(window.history.state).toEqual({ from: "mainpage" });
  });

  it("builds the invite link from the bot's username", () => {
    expect(inviteLink(7, "bookie_bot")).toBe("https://t.me/bookie_bot?startapp=bk_7");
    expect(inviteLink(7, "", null)).toBeNull();
    expect(inviteLink(7, "", "http://localhost:5173")).toBe("http://localhost:5173/?startapp=bk_7");
  });

  it("shows the invite link with the bot the API names, whatever the build", async () => {
    await openMain(bookie, "2030-03-05T12:00:00.000Z", "bookie_test_bot");
    const card = await screen.findByRole("region", { name: "Invite link" });
    await waitFor(() => expect(card.textContent).toContain(`https://t.me/bookie_test_bot?startapp=bk_${BOOK_ID}`));
  });

  it("says there is no invite link when the API does not know its bot", async () => {
    await openMain();
    const card = await screen.findByRole("region", { name: "Invite link" });
    await waitFor(() => expect(card.textContent).toContain("No invite link"));
  });

  it("shows the book's limits and saves new ones, an empty field as none", async () => {
    let limits: BookLimits = { maxStake: null, maxPayoutPerEvent: 500, maxMultiplesPayout: 10_000 };
    const calls = await openMain(bookie, undefined, null, {
      "GET /balances": () => json(balances(limits)),
      [`PUT /bookmakers/${BOOK_ID}/limits`]: (c) => {
        limits = c.body as BookLimits;
        return json({ ...limits, maxMultiplesPayout: limits.maxMultiplesPayout ?? 10_000 });
      },
    });
    const card = await screen.findByRole("region", { name: "Limits" });
    await waitFor(() => expect(within(card).getByText("500")).toBeTruthy());
    expect(within(card).getByText("No limit")).toBeTruthy();
    expect(within(card).getByText("10000")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Edit limits" }));
    const dialog = screen.getByRole("dialog", { name: "Limits" });
    fireEvent.change(within(dialog).getByLabelText("Max stake"), { target: { value: "20" } });
    fireEvent.change(within(dialog).getByLabelText("Max payout per event"), { target: { value: "" } });
    fireEvent.change(within(dialog).getByLabelText("Max multiples payout"), { target: { value: "2500.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body])).toEqual([
      [`/bookmakers/${BOOK_ID}/limits`, { maxStake: 20, maxPayoutPerEvent: null, maxMultiplesPayout: 2500.5 }],
    ]);
    await waitFor(() => expect(within(card).getByText("2500.5")).toBeTruthy());
  });

  it("shows the API's refusal of the book's limits in the dialog", async () => {
    await openMain(bookie, undefined, null, {
      "GET /balances": () => json(balances({ maxStake: 10, maxPayoutPerEvent: null, maxMultiplesPayout: 10_000 })),
      [`PUT /bookmakers/${BOOK_ID}/limits`]: () => errorBody(400, "VALIDATION", "Too large.", "maxMultiplesPayout"),
    });
    const card = await screen.findByRole("region", { name: "Limits" });
    await waitFor(() => expect(within(card).getByText("10")).toBeTruthy());
    fireEvent.click(within(card).getByRole("button", { name: "Edit limits" }));
    const dialog = screen.getByRole("dialog", { name: "Limits" });
    fireEvent.change(within(dialog).getByLabelText("Max multiples payout"), { target: { value: "99999999999" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Too large.");
  });
});
