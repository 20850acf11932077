import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CatalogueItem, LedgerEntry, Me, UserSubscription } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { DEV_CLOSED_TEXT } from "@/telegram/dev-web-app";
import type { InvoiceStatus } from "@/telegram/web-app";
import { i18n } from "@/i18n/runtime";
import {
  CONFIRM_WITHIN_MS,
  CONFIRMING_TEXT as CONFIRMING,
  NOT_CONFIRMED_TEXT as NOT_CONFIRMED,
  usePaidInvoices,
} from "./paid";

// Telegram says "paid" before the bot's webhook reaches the API: the app closes, the user opens
// it again at once, and the API does not know of the payment yet.

const DAY = 86_400_000;
// What the screens say, in English (the tests' language).
const CONFIRMING_TEXT = i18n._(CONFIRMING);
const NOT_CONFIRMED_TEXT = i18n._(NOT_CONFIRMED);
const catalogue: CatalogueItem[] = [
  {
    subscriptionId: 1,
    subscriptionType: "BOOKMAKER",
    subscriptionName: "Bookmaker",
    subscriptionPrice: 1000,
    periodDays: 30,
  },
  {
    subscriptionId: 4,
    subscriptionType: "ADD_BALANCE_1000",
    subscriptionName: "1,000 coins",
    subscriptionPrice: 100,
    coins: 1000,
  },
];
const bookmakerHolding: UserSubscription = {
  subscription: { subscriptionType: "BOOKMAKER" },
  active: true,
  endDate: new Date(Date.now() + 20 * DAY).toISOString(),
  renewsAt: null,
  renewableFrom: null,
};
const punter: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };
const bookie: Me = {
  userId: 42,
  username: "alice",
  bookmakerDto: { bookmakerId: 5, bookmakerName: "AliceBooks", terms: "" },
  staffOf: null,
};
const purchase = (id: string): LedgerEntry => ({
  id: 1,
  kind: "PURCHASE",
  amount: 1000,
  from: null,
  to: { kind: "POOL", userId: 42, username: "alice" },
  ref: `invoice:${id}`,
  createdAt: new Date().toISOString(),
});

/** The API as it stands; `server` is changed by the test when the webhook "arrives". */
function api(server: { me: Me; mine: UserSubscription[]; ledger: LedgerEntry[] }) {
  const webApp = installTelegram();
  webApp.openInvoice = (_link: string, callback?: (s: InvoiceStatus) => void) => callback?.("paid");
  return stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => json(server.me),
    "GET /subscriptions": () => json(catalogue),
    "GET /subscriptions/mine": () => json(server.mine),
    "GET /subscriptions/active/5": () => json(server.mine),
    "GET /balances": () => json({ balance: { amount: 500, currency: "COIN" }, punters: [] }),
    "GET /balances/ledger": () => json({ entries: server.ledger, nextBefore: null }),
    "POST /subscriptions/purchase": (call) =>
      json({
        invoiceLink: "https://t.me/$abc",
        invoiceId: `inv-${(call.body as { subscriptionId: number }).subscriptionId}`,
      }),
  });
}

/** The messenger closed the app after the purchase; the user opens it again at `path`, on a new page. */
function reopen(path: string) {
  cleanup();
  document.body.replaceChildren();
  renderApp(path);
}

/** A punter pays for BOOKMAKER on the Subscription screen; the webhook has not come yet. */
async function becomeBookmakerPaidAhead() {
  const server = { me: punter, mine: [] as UserSubscription[], ledger: [] };
  api(server);
  renderApp("/subscription");
  fireEvent.click(await screen.findByRole("button", { name: "Subscribe 1000" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(window.location.pathname).toBe("/createprofile"));
  return server;
}

/** The device remembers a BOOKMAKER invoice paid at `paidAt`, as after an earlier visit. */
function rememberPaidSubscription(paidAt: number) {
  usePaidInvoices.getState().remember({
    invoiceId: "inv-1",
    userId: 42,
    subscriptionType: "BOOKMAKER",
    coins: false,
    endBefore: null,
    paidAt,
  });
}

const coinButtons = () => within(screen.getByRole("region", { name: "Coins" })).getAllByRole("button");

describe("a payment Telegram reported before the API knows of it", { timeout: 15_000 }, () => {
  it("the market shows 'Confirming your payment…' and offers nothing until the coins arrive", async () => {
    const server = { me: bookie, mine: [bookmakerHolding], ledger: [] as LedgerEntry[] };
    api(server);
    renderApp("/marketpage");
    await waitFor(() => expect(coinButtons()[0]!.hasAttribute("disabled")).toBe(false));
    fireEvent.click(coinButtons()[0]!);
    fireEvent.click(screen.getByRole("button", { name: "Purchase" }));
    await screen.findByRole("dialog", { name: "Thank you" });
    // Wait for the close: its timer must not fire into the reopened app or the next test.
    await screen.findByText(DEV_CLOSED_TEXT);

    reopen("/marketpage");
    expect((await screen.findByRole("status")).textContent).toBe(CONFIRMING_TEXT);
    // The status comes with the app's memory of the invoice, the items with the catalogue's
    // answer: wait for the items, then none may be offered.
    await waitFor(() => coinButtons());
    expect(coinButtons().every((b) => b.hasAttribute("disabled"))).toBe(true);

    server.ledger = [purchase("inv-4")];
    await waitFor(() => expect(screen.queryByText(CONFIRMING_TEXT)).toBeNull());
    expect(coinButtons()[0]!.hasAttribute("disabled")).toBe(false);
    expect(usePaidInvoices.getState().paid).toEqual([]);
  });

  it("Bookie waits for a paid subscription rather than offering it again, then goes on", async () => {
    const server = await becomeBookmakerPaidAhead();

    reopen("/home");
    await waitFor(() => {
      fireEvent.click(screen.getByRole("button", { name: "Bookie" }));
      expect(screen.getByRole("status").textContent).toBe(CONFIRMING_TEXT);
    });
    expect(window.location.pathname).toBe("/home");

    server.mine = [bookmakerHolding];
    await waitFor(() => expect(window.location.pathname).toBe("/createprofile"));
  });

  it("Create profile holds Create until the subscription arrives, and lets him type meanwhile", async () => {
    const server = await becomeBookmakerPaidAhead();

    expect((await screen.findByRole("status")).textContent).toBe(CONFIRMING_TEXT);
    const create = screen.getByRole("button", { name: "Create" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const name = screen.getByLabelText("Name", { exact: false }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "AliceBooks" } });
    expect(name.value).toBe("AliceBooks");

    server.mine = [bookmakerHolding];
    await waitFor(() => expect(screen.queryByText(CONFIRMING_TEXT)).toBeNull());
    expect(create.disabled).toBe(false);
  });

  it("the Subscription screen, come back to before the payment arrives, offers no second payment", async () => {
    const server = { me: punter, mine: [] as UserSubscription[], ledger: [] };
    api(server);
    rememberPaidSubscription(Date.now());
    renderApp("/subscription");
    expect((await screen.findByRole("status")).textContent).toBe(CONFIRMING_TEXT);
    const subscribe = await screen.findByRole("button", { name: "Subscribe 1000" });
    expect((subscribe as HTMLButtonElement).disabled).toBe(true);

    server.mine = [bookmakerHolding];
    await screen.findByRole("button", { name: "Create profile" });
    expect(screen.queryByText(CONFIRMING_TEXT)).toBeNull();
  });

  it("after a minute unconfirmed, says so clearly instead of offering to pay again", async () => {
    api({ me: punter, mine: [], ledger: [] });
    rememberPaidSubscription(Date.now() - CONFIRM_WITHIN_MS - 1000);
    renderApp("/home");
    await waitFor(() => {
      fireEvent.click(screen.getByRole("button", { name: "Bookie" }));
      expect(screen.getByRole("alert").textContent).toBe(NOT_CONFIRMED_TEXT);
    });
    expect(window.location.pathname).toBe("/home");
  });
});
