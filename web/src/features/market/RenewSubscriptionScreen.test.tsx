import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UserSubscription } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { DEV_CLOSED_TEXT } from "@/telegram/dev-web-app";

const DAY = 86_400_000;
/** His BOOKMAKER period, ending in five days: renewal is open. */
const endingSoon: UserSubscription = {
  subscription: { subscriptionType: "BOOKMAKER" },
  active: true,
  endDate: new Date(Date.now() + 5 * DAY).toISOString(),
  renewsAt: null,
  renewableFrom: null,
};

// The screen the deletion notice leads to; the Market asks and renews without it.
describe("the renewal screen", () => {
  it("renews after 'Subscribe {price}' and the confirmation's 'Yes'", async () => {
    const webApp = installTelegram();
    webApp.openInvoice = (_link, callback) => callback?.("paid");
    const calls = stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /subscriptions": () =>
        json([
          {
            subscriptionId: 1,
            subscriptionType: "BOOKMAKER",
            subscriptionName: "Bookmaker",
            subscriptionPrice: 1000,
            periodDays: 30,
          },
        ]),
      "GET /subscriptions/mine": () => json([endingSoon]),
      "POST /subscriptions/purchase": () => json({ invoiceLink: "https://t.me/$invoice-1", invoiceId: "inv" }),
    });
    renderApp("/renewsubscription");
    const subscribe = await screen.findByRole("button", { name: "Subscribe 1000" });
    await waitFor(() => expect((subscribe as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(subscribe);
    const confirm = screen.getByRole("dialog", { name: "Are you sure you want to renew your subscription?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/subscriptions/purchase")?.body).toEqual({ subscriptionId: 1 }),
    );
    await waitFor(() => expect(window.location.pathname).toBe("/mainpage"));
    // The messenger closes after it; waiting for that keeps its timer out of other tests.
    await screen.findByText(DEV_CLOSED_TEXT);
  });
});
