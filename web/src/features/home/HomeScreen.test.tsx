import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Me } from "@worker/contract";
import type { UserSubscription } from "@/features/market/active";
import { deferred, json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

const DAY = 24 * 60 * 60 * 1000;
const punter: Me = { userId: 42, username: "alice", bookmakerDto: null, staffOf: null };
const bookie: Me = {
  userId: 42,
  username: "alice",
  bookmakerDto: { bookmakerId: 5, bookmakerName: "AliceBooks", terms: "" },
  staffOf: null,
};
const sub = (
  subscriptionType: UserSubscription["subscription"]["subscriptionType"],
  active: boolean,
  endInDays: number | null,
): UserSubscription => ({
  subscription: { subscriptionType },
  active,
  endDate: endInDays === null ? null : new Date(Date.now() + endInDays * DAY).toISOString(),
  renewsAt: null,
  renewableFrom: null,
});

/** Home, signed in, with the profile and subscriptions the API answers. */
async function openHome(
  me: Me | Promise<Response>,
  subscriptions: UserSubscription[] | Promise<Response> = [],
  mine: UserSubscription[] = [],
) {
  installTelegram();
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => (me instanceof Promise ? me : json(me)),
    "GET /subscriptions/active/5": () => (subscriptions instanceof Promise ? subscriptions : json(subscriptions)),
    "GET /subscriptions/mine": () => json(mine),
  });
  renderApp("/home");
  await screen.findByRole("heading", { name: "Bookie" });
  return calls;
}

const bookieButton = () => screen.getByRole("button", { name: "Bookie" });
/** Taps Bookie until it leads somewhere: taps while data loads do nothing. */
// A tap made while the data loads acts once it is in, after the tap: tap again only while still home.
const tapBookieUntilItMoves = () =>
  waitFor(() => {
    if (window.location.pathname === "/home") fireEvent.click(bookieButton());
    expect(window.location.pathname).not.toBe("/home");
  });

describe("home", () => {
  it("shows the title, the link rows and the FAQ's two rules", async () => {
    await openHome(punter);
    for (const row of ["FAQ", "Affiliate", "News", "Chat with us"])
      expect(screen.getByRole("button", { name: row })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "FAQ" }));
    const faq = screen.getByRole("dialog", { name: "FAQ" });
    expect(faq.textContent).toContain("One bet per punter per outcome of an event, regardless of its size.");
    expect(faq.textContent).toContain("A bookmaker shown in red has an expired subscription.");
  });

  it("opens a placeholder link through Telegram", async () => {
    await openHome(punter);
    const openLink = vi.spyOn(window.Telegram!.WebApp!, "openLink").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "News" }));
    expect(openLink).toHaveBeenCalledOnce();
  });

  it("Punters goes to /bookies", async () => {
    await openHome(punter);
    fireEvent.click(screen.getByRole("button", { name: "Punters" }));
    expect(window.location.pathname).toBe("/bookies");
  });

  it("Poker opens 'Poker will be soon' and Ok closes it", async () => {
    await openHome(punter);
    fireEvent.click(screen.getByRole("button", { name: "Poker" }));
    expect(screen.getByRole("dialog").textContent).toContain("Poker will be soon");
    fireEvent.click(screen.getByRole("button", { name: "Ok" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.pathname).toBe("/home");
  });
});

describe("the Bookie button", () => {
  it("does nothing while the profile is loading but shows it is busy, then follows the rule by itself", async () => {
    const me = deferred<Response>();
    await openHome(me.promise);
    fireEvent.click(bookieButton());
    expect(window.location.pathname).toBe("/home");
    expect(bookieButton().getAttribute("aria-busy")).toBe("true");

    me.resolve(json(punter));
    await waitFor(() => expect(window.location.pathname).toBe("/subscription"));
  });

  it("does nothing while the bookmaker's subscriptions are loading, then acts on the tap once they are in", async () => {
    const subscriptions = deferred<Response>();
    const calls = await openHome(bookie, subscriptions.promise);
    await waitFor(() => expect(calls.some((c) => c.path === "/subscriptions/active/5")).toBe(true));
    fireEvent.click(bookieButton());
    expect(window.location.pathname).toBe("/home");
    expect(bookieButton().getAttribute("aria-busy")).toBe("true");
    subscriptions.resolve(json([sub("BOOKMAKER", true, 10)]));
    await waitFor(() => expect(window.location.pathname).toBe("/mainpage"));
  });

  it("offers Retry when the profile failed to load, and goes on once it loads", async () => {
    let fail = true;
    installTelegram();
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers/authorizeMe": () => (fail ? json({}, 503) : json(punter)),
      "GET /subscriptions/mine": () => json([]),
    });
    renderApp("/home");
    fireEvent.click(await screen.findByRole("button", { name: "Bookie" }));
    const failed = await screen.findByRole("dialog", { name: "Unexpected error." });
    expect(bookieButton().getAttribute("aria-busy")).toBe("false");
    fail = false;
    fireEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(window.location.pathname).toBe("/subscription"));
  });

  it("goes to /subscription, replacing home, without a bookmaker profile", async () => {
    await openHome(punter);
    const length = window.history.length;
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/subscription");
    expect(window.history.length).toBe(length);
  });

  it("goes to /createprofile, replacing home, without a profile but with an active BOOKMAKER subscription", async () => {
    await openHome(punter, [], [sub("BOOKMAKER", true, 30)]);
    const length = window.history.length;
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/createprofile");
    expect(window.history.length).toBe(length);
  });

  it("goes to /subscription without a profile when the BOOKMAKER subscription has expired", async () => {
    await openHome(punter, [], [sub("BOOKMAKER", true, -1)]);
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/subscription");
  });

  it("goes to /marketpage, replacing home, with state from=home, when no BOOKMAKER subscription is active", async () => {
    await openHome(bookie, [sub("BOOKMAKER", true, -1), sub("BOOKMAKER", false, 10), sub("FRACTAL_ODDS", true, 10)]);
    const length = window.history.length;
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/marketpage");
    expect(window.history.state).toEqual({ from: "home" });
    expect(window.history.length).toBe(length);
  });

  it("takes a member of a book's staff to its counter", async () => {
    await openHome({ ...punter, staffOf: { bookmakerId: 5, role: "CLERK" } });
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/counter");
  });

  it("goes to /mainpage with an active BOOKMAKER subscription", async () => {
    await openHome(bookie, [sub("BOOKMAKER", true, 10)]);
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/mainpage");
  });

  it("counts a subscription with no end date as active", async () => {
    await openHome(bookie, [sub("BOOKMAKER", true, null)]);
    await tapBookieUntilItMoves();
    expect(window.location.pathname).toBe("/mainpage");
  });
});
