import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { UserSubscription } from "@worker/contract";
import { deferred, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { catalogue } from "@/test/market";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { DEV_CLOSED_TEXT } from "@/telegram/dev-web-app";
import type { InvoiceStatus } from "@/telegram/web-app";

const DAY = 86_400_000;
const bookmakerHolding = (endInDays: number): UserSubscription => {
  const end = Date.now() + endInDays * DAY;
  return {
    subscription: { subscriptionType: "BOOKMAKER" },
    active: true,
    endDate: new Date(end).toISOString(),
    renewsAt: null,
    renewableFrom: endInDays > 8 ? new Date(end - 8 * DAY).toISOString() : null,
  };
};

/** The market, with Telegram answering invoices with `status`. */
async function openMarket(status: InvoiceStatus, mine: UserSubscription[] = [bookmakerHolding(20)]) {
  const webApp = installTelegram();
  const openInvoice = vi.fn((_link: string, callback?: (s: InvoiceStatus) => void) => callback?.(status));
  webApp.openInvoice = openInvoice;
  let pool = 500;
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /subscriptions": () => json(catalogue),
    "GET /subscriptions/mine": () => json(mine),
    "GET /balances": () => json({ balance: { amount: pool, currency: "COIN" }, punters: [] }),
    "POST /subscriptions/purchase": (call) => {
      if (status === "paid") pool += 1000;
      return json({
        invoiceLink: `https://t.me/$invoice-${(call.body as { subscriptionId: number }).subscriptionId}`,
        invoiceId: "inv",
      });
    },
  });
  renderApp("/marketpage");
  await screen.findByRole("heading", { name: "Market" });
  return { calls, openInvoice };
}

const coinButtons = () => within(screen.getByRole("region", { name: "Coins" })).getAllByRole("button");

describe("the market", () => {
  it("lists coin packages by amount", async () => {
    await openMarket("paid");
    await waitFor(() => expect(coinButtons()).toHaveLength(3));
    expect(coinButtons().map((b) => b.textContent)).toEqual([
      "1.00K coins100 Stars",
      "5.00K coins450 Stars",
      "50.00K coins2500 Stars",
    ]);
  });

  it("buys a coin package: confirm, invoice, paid, refreshed", async () => {
    const { calls, openInvoice } = await openMarket("paid");
    await screen.findByText("My coins:", { exact: false });
    await waitFor(() => expect(coinButtons()).toHaveLength(3));
    fireEvent.click(coinButtons()[0]);
    expect(
      screen.getByRole("dialog", { name: "Are you sure you want to purchase a 1000 Coin currency package?" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Purchase" }));
    expect(await screen.findByRole("dialog", { name: "Thank you" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/subscriptions/purchase")).toMatchObject({
      path: "/subscriptions/purchase",
      body: { subscriptionId: 4 },
    });
    expect(openInvoice).toHaveBeenCalledWith("https://t.me/$invoice-4", expect.any(Function));
    await waitFor(() => expect(screen.getByText("1.50K")).toBeTruthy());
    // The messenger closes after it; waiting for that keeps its timer out of the next test.
    await screen.findByText(DEV_CLOSED_TEXT);
  });

  it("says 'Payment failed. Please try again.' when the invoice is not paid", async () => {
    await openMarket("cancelled");
    await waitFor(() => expect(coinButtons()).toHaveLength(3));
    fireEvent.click(coinButtons()[1]);
    fireEvent.click(screen.getByRole("button", { name: "Purchase" }));
    expect(await screen.findByText("Payment failed. Please try again.")).toBeTruthy();
  });

  it("says the invoice cannot be opened where the client has no invoices", async () => {
    const { calls } = await openMarket("paid");
    window.Telegram!.WebApp!.isVersionAtLeast = () => false;
    await waitFor(() => expect(coinButtons()).toHaveLength(3));
    fireEvent.click(coinButtons()[0]);
    fireEvent.click(screen.getByRole("button", { name: "Purchase" }));
    expect(await screen.findByText("Cannot open the invoice. Please open the app in Telegram.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/subscriptions/purchase")).toBe(true);
  });

  it("keeps Renew disabled until eight days before the end", async () => {
    await openMarket("paid", [bookmakerHolding(20)]);
    const renew = await screen.findByRole("button", { name: "Renew 1000" });
    expect((renew as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Available only eight days before the previous one expires")).toBeTruthy();
  });

  it("asks on the Market itself before renewing; Cancel buys nothing", async () => {
    const { calls } = await openMarket("paid", [bookmakerHolding(5)]);
    const renew = await screen.findByRole("button", { name: "Renew 1000" });
    await waitFor(() => expect((renew as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(renew);
    expect(window.location.pathname).toBe("/marketpage");
    const confirm = screen.getByRole("dialog", { name: "Are you sure you want to renew your subscription?" });
    expect(
      within(confirm)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Cancel", "Renew"]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.path === "/subscriptions/purchase")).toBe(false);
  });

  it("renews within the last eight days: Renew in the question buys the subscription", async () => {
    const { calls, openInvoice } = await openMarket("paid", [bookmakerHolding(5)]);
    const renew = await screen.findByRole("button", { name: "Renew 1000" });
    await waitFor(() => expect((renew as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(renew);
    const confirm = screen.getByRole("dialog", { name: "Are you sure you want to renew your subscription?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Renew" }));
    expect(await screen.findByRole("dialog", { name: "Thank you" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/subscriptions/purchase")?.body).toEqual({ subscriptionId: 1 });
    expect(openInvoice).toHaveBeenCalledWith("https://t.me/$invoice-1", expect.any(Function));
    expect(window.location.pathname).toBe("/marketpage");
    await screen.findByText(DEV_CLOSED_TEXT);
  });

  it("closes the messenger 150 ms after a paid purchase", async () => {
    await openMarket("paid");
    const close = vi.spyOn(window.Telegram!.WebApp!, "close");
    await waitFor(() => expect(coinButtons()).toHaveLength(3));
    fireEvent.click(coinButtons()[0]);
    fireEvent.click(screen.getByRole("button", { name: "Purchase" }));
    await screen.findByRole("dialog", { name: "Thank you" });
    const paidAt = Date.now();
    await waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(Date.now() - paidAt).toBeLessThan(1000);
  });

  it("asks before subscribing to a special feature", async () => {
    await openMarket("paid");
    const whatIf = await screen.findByRole("button", { name: /^What if\?/ });
    await waitFor(() => expect((whatIf as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(whatIf);
    expect(
      screen.getByRole("dialog", { name: "Are you sure you want to subscribe to a special feature?" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
  });
});

describe("the Market's back button", () => {
  /** A bookmaker at `path` whose BOOKMAKER subscription is active, or not. */
  function signedIn(path: string, active: boolean) {
    stubApi({
      ...signedInRoutes(),
      "GET /config": () => json({ botUsername: null }),
      [`GET /subscriptions/active/${BOOK_ID}`]: () => json(active ? [bookmakerHolding(20)] : []),
      "GET /subscriptions/mine": () => json(active ? [bookmakerHolding(20)] : []),
      "GET /subscriptions": () => json(catalogue),
      "GET /balances": () => json({ balance: { amount: 500, currency: "COIN" }, punters: [] }),
    });
    renderAt(path);
  }
  const back = () => fireEvent.click(screen.getByRole("button", { name: "‹ Back" }));

  it("goes back to the main page when he came from it", async () => {
    signedIn("/mainpage", true);
    fireEvent.click(await screen.findByRole("button", { name: "Market" }));
    await screen.findByRole("heading", { name: "Market" });
    back();
    expect(window.location.pathname).toBe("/mainpage");
    expect(await screen.findByRole("heading", { name: "Subscription" })).toBeTruthy();
  });

  it("goes back to home when Bookie on home brought him there", async () => {
    signedIn("/home", false);
    await screen.findByRole("heading", { name: "Bookie" });
    // A tap made while Bookie's data loads acts once it is in: tap again only while still home.
    await waitFor(() => {
      if (window.location.pathname === "/home") fireEvent.click(screen.getByRole("button", { name: "Bookie" }));
      expect(window.location.pathname).toBe("/marketpage");
    });
    await screen.findByRole("heading", { name: "Market" });
    back();
    expect(window.location.pathname).toBe("/home");
  });
});

describe("becoming a bookmaker", () => {
  it("shows 'Loading...' until the price is known, then subscribes and goes on to the profile", async () => {
    const webApp = installTelegram();
    webApp.openInvoice = (_link, callback) => callback?.("paid");
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /subscriptions": () => json([{ ...catalogue[0], subscriptionPrice: 500, regularPrice: 1000 }]),
      "GET /subscriptions/mine": () => json([]),
      "POST /subscriptions/purchase": () => json({ invoiceLink: "https://t.me/$x", invoiceId: "x" }),
    });
    renderApp("/subscription");
    expect(await screen.findByText("You need a subscription to use the betting functionality.")).toBeTruthy();
    expect(screen.getByText("The first 30 days of subscription — 50 % off")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe 500" }));
    const confirm = screen.getByRole("dialog", { name: "Do you want to become a bookmaker?" });
    expect(confirm.textContent).toContain("Subscription price: 500 Stars");
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(window.location.pathname).toBe("/createprofile"));
  });

  it("shows 'Loading...' as busy, and offers Retry when the price failed to load", async () => {
    let refuse = true;
    const first = deferred<Response>();
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /subscriptions": () =>
        refuse ? first.promise : json([{ ...catalogue[0], subscriptionPrice: 500, regularPrice: 1000 }]),
      "GET /subscriptions/mine": () => json([]),
    });
    renderApp("/subscription");
    const loading = await screen.findByRole("button", { name: "Loading..." });
    expect(loading.getAttribute("aria-busy")).toBe("true");
    first.resolve(json({}, 503));
    const failed = await screen.findByRole("alert");
    expect(within(failed).getByText("Unexpected error.")).toBeTruthy();
    refuse = false;
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "Subscribe 500" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
