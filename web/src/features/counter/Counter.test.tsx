import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Me, Ticket } from "@worker/contract";
import { aBet } from "@/test/bets";
import { bookEvent } from "@/test/events";
import { errorBody, json, stubApi } from "@/test/network";
import { installTelegram } from "@/test/telegram";
import { BOOK_ID, bookie, renderAt } from "@/test/world";

// The counter's screens: the races taking bets, a cash bet taken in three or four taps with its
// ticket (code and QR) shown at once, the race's tickets by what is left to do, and Check ticket
// (typed or scanned) with Pay.

const clerk: Me = {
  userId: 43,
  username: "pete",
  bookmakerDto: null,
  staffOf: { bookmakerId: BOOK_ID, role: "CLERK" },
};

const ticket = (code: string, over: Partial<Ticket> = {}): Ticket => ({
  code,
  bookmakerId: BOOK_ID,
  eventId: 70,
  bet: aBet(900, { userId: -5, outcomeTitle: "Shergar", money: { amount: 10, currency: "COIN" }, coefficient: 3 }),
  status: "OPEN",
  returns: 0,
  paidAt: null,
  takenBy: { userId: 43, username: "pete" },
  ...over,
});

const race = bookEvent(70, { eachWay: { places: 3, fraction: 4, standard: false }, sp: true });

function openCounter(me: Me = clerk, extra: Parameters<typeof stubApi>[0] = {}, version = "8.0") {
  let tickets: Ticket[] = [
    ticket("WINNERAAAA", { status: "WON", returns: 30 }),
    ticket("PAIDBBBBBB", { status: "PAID", returns: 12 }),
  ];
  const webApp = installTelegram({ version });
  const calls = stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: me.userId, username: me.username }),
    "GET /bookmakers/authorizeMe": () => json(me),
    "GET /events?view=open": () => json([race, bookEvent(71, { status: "WAITING_FOR_RESULT", description: "Race 2" })]),
    "GET /events/70": () => json(race),
    "GET /counter/tickets?eventId=70": () => json(tickets),
    "POST /counter/bets": () => {
      const taken = ticket("NEWCCCCCCC");
      tickets = [taken, ...tickets];
      return json(taken, 201);
    },
    ...extra,
  });
  return { calls, webApp };
}

describe("the counter", () => {
  it("lists the races taking bets; a bet is taken in four taps and its ticket shows at once, code and QR", async () => {
    const { calls } = openCounter();
    renderAt("/counter");
    const list = await screen.findByRole("list", { name: "Taking bets" });
    // The list is there before the events are: wait for the race taking bets.
    await within(list).findByRole("button", { name: /^Race 1 at Ascot/ });
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^Race 1 at Ascot/)]);
    // A clerk has the counter and Check ticket, not the book's events or punters.
    expect(screen.queryByRole("button", { name: "Punters" })).toBeNull();
    fireEvent.click(within(list).getByRole("button"));

    // Four taps once the race is open: runner, stake, each way, Take.
    const slip = await screen.findByRole("region", { name: "Take a bet" });
    fireEvent.click(within(slip).getByRole("button", { name: /^Shergar/ }));
    fireEvent.click(within(slip).getByRole("button", { name: "10" }));
    fireEvent.click(within(slip).getByRole("checkbox", { name: "Each-way" }));
    fireEvent.click(within(slip).getByRole("button", { name: "Take 20" }));
    const card = await screen.findByRole("region", { name: "Ticket NEWCC CCCCC" });
    expect(within(card).getByRole("img", { name: "QR code of ticket NEWCC CCCCC" })).toBeTruthy();
    const takes = calls.filter((c) => c.path === "/counter/bets");
    expect(takes.map((c) => [c.path, c.body])).toEqual([
      [
        "/counter/bets",
        { bookmakerId: BOOK_ID, eventId: 70, eventItemId: 12, amount: 10, coefficient: 3, eachWay: true },
      ],
    ]);
    // Sent with an Idempotency-Key: a retried take is never two tickets.
    expect(takes[0].headers.get("Idempotency-Key")).toBeTruthy();

    // The race's tickets, by what is left to do with them.
    await screen.findByRole("region", { name: "Open" });
    expect(within(screen.getByRole("region", { name: "To pay" })).getByText("WINNE RAAAA")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Paid" })).getByText("PAIDB BBBBB")).toBeTruthy();
  });

  it("takes a bet at SP without a price, and says a refusal", async () => {
    const { calls } = openCounter(clerk, {
      "POST /counter/bets": () => errorBody(409, "LIMIT_EXCEEDED", "The most this bet can be is 4."),
    });
    renderAt("/counter/70");
    const slip = await screen.findByRole("region", { name: "Take a bet" });
    fireEvent.click(within(slip).getByRole("button", { name: /^Red Rum/ }));
    fireEvent.change(within(slip).getByRole("textbox", { name: "Stake" }), { target: { value: "7,5" } });
    fireEvent.click(within(slip).getByRole("checkbox", { name: "At SP" }));
    fireEvent.click(within(slip).getByRole("button", { name: "Take 7.50" }));
    expect((await within(slip).findByRole("alert")).textContent).toBe("The most this bet can be is 4.");
    expect(calls.find((c) => c.path === "/counter/bets")!.body).toEqual({
      bookmakerId: BOOK_ID,
      eventId: 70,
      eventItemId: 11,
      amount: 7.5,
      atSp: true,
      eachWay: false,
    });
  });

  it("gives a manager the book's events and punters from the counter", async () => {
    openCounter({ ...clerk, staffOf: { bookmakerId: BOOK_ID, role: "MANAGER" } });
    renderAt("/counter");
    expect(await screen.findByRole("button", { name: "Punters" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Events" })).toBeTruthy();
  });
});

/** At the race's counter: 10 on Shergar, taken; answers the ticket shown. */
async function takeATicket() {
  openCounter();
  renderAt("/counter/70");
  const slip = await screen.findByRole("region", { name: "Take a bet" });
  fireEvent.click(within(slip).getByRole("button", { name: /^Shergar/ }));
  fireEvent.click(within(slip).getByRole("button", { name: "10" }));
  fireEvent.click(within(slip).getByRole("button", { name: "Take 10" }));
  return screen.findByRole("region", { name: "Ticket NEWCC CCCCC" });
}

describe("sharing a ticket", () => {
  it("hands the ticket's picture (QR and code) to the device's share sheet where the client shares files", async () => {
    const share = vi.fn(async (data: ShareData) => void data);
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { canShare: () => true, share }));
    // happy-dom draws nothing: a canvas that records what the ticket's picture is made of.
    const drawn: string[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
      fillRect: () => undefined,
      fillText: (text: string) => void drawn.push(text),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((done) => done(new Blob(["png"])));
    const card = await takeATicket();
    fireEvent.click(within(card).getByRole("button", { name: "Share ticket" }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    const [{ files, text }] = share.mock.calls[0] as [ShareData];
    expect(files?.map((f) => [f.name, f.type])).toEqual([["ticket-NEWCCCCCCC.png", "image/png"]]);
    expect(text).toBe("Ticket NEWCC CCCCC");
    expect(drawn).toEqual(["NEWCC CCCCC"]);
    vi.restoreAllMocks();
  });

  it("offers no Share where the client cannot share files", async () => {
    const card = await takeATicket();
    expect(within(card).queryByRole("button", { name: "Share ticket" })).toBeNull();
  });
});

describe("Check ticket", () => {
  it("finds a ticket by its code as typed, pays a winning one once, and shows it paid", async () => {
    let paid = false;
    const { calls } = openCounter(bookie, {
      "GET /counter/tickets/WINNERAAAA": () => json(ticket("WINNERAAAA", { status: "WON", returns: 30 })),
      "POST /counter/tickets/WINNERAAAA/pay": () => {
        paid = true;
        return json(ticket("WINNERAAAA", { status: "PAID", returns: 30, paidAt: new Date().toISOString() }));
      },
    });
    renderAt("/ticket");
    fireEvent.change(await screen.findByLabelText("Ticket code"), { target: { value: "WINNE RAAAA" } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    const card = await screen.findByRole("region", { name: "Ticket WINNE RAAAA" });
    expect(within(card).getByText("Won")).toBeTruthy();
    expect(within(card).getByText("Pays 30")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay 30" }));
    const paidCard = await screen.findByRole("region", { name: "Ticket WINNE RAAAA" });
    await within(paidCard).findByText("Paid");
    expect(within(paidCard).queryByText("Pays 30")).toBeNull();
    expect(within(paidCard).getByText("30")).toBeTruthy();
    expect(paid).toBe(true);
    expect(screen.queryByRole("button", { name: "Pay 30" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/counter/tickets/")).map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /counter/tickets/WINNERAAAA",
      "POST /counter/tickets/WINNERAAAA/pay",
    ]);
  });

  it("scans the code with Telegram's QR scanner where the client has one, and says a ticket not found", async () => {
    const { webApp } = openCounter(clerk, {
      "GET /counter/tickets/LUCKYDDDDD": () => errorBody(404, "NOT_FOUND", "No ticket with this code in your book."),
    });
    const scanner = vi.fn((_: { text?: string }, read: (text: string) => boolean | void) => {
      // Not a ticket's code (an O is never in one): the scanner stays open.
      expect(read("https://example.com")).toBe(false);
      expect(read("LOSTDDDDDD")).toBe(false);
      expect(read("lucky-ddddd")).toBe(true);
    });
    webApp.showScanQrPopup = scanner;
    renderAt("/ticket");

    fireEvent.click(await screen.findByRole("button", { name: "Scan" }));

    expect(scanner).toHaveBeenCalledWith({ text: "Scan the ticket's QR code" }, expect.any(Function));
    expect((await screen.findByRole("alert")).textContent).toBe("No ticket with this code in your book.");
    expect((screen.getByLabelText("Ticket code") as HTMLInputElement).value).toBe("LUCKYDDDDD");
  });

  it("offers no Scan where the client has no scanner", async () => {
    const { webApp } = openCounter();
    expect(webApp.showScanQrPopup).toBeUndefined(); // the browser's stand-in has none
    renderAt("/ticket");
    await screen.findByLabelText("Ticket code");
    expect(screen.queryByRole("button", { name: "Scan" })).toBeNull();
  });
});
