import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "@worker/contract";
import { bookEvent, item } from "@/test/events";
import { renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi, type RecordedCall } from "@/test/network";

const draft = bookEvent(9, { status: "CREATED" });

async function openDraft(event: BookmakerEvent = draft, extra: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ ...signedInRoutes(), [`GET /events/${event.id}`]: () => json(event), ...extra });
  renderAt(`/eventmanagementpage/${event.id}`);
  await screen.findByRole("heading", { name: "Member list" });
  return calls;
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "POST" && c.path !== "/auth/telegram").map((c) => [c.path, c.body]);
const markNr = (title: string) => fireEvent.click(screen.getByRole("checkbox", { name: `${title} is a non-runner` }));
const place = (title: string, value: "0" | "1" | "2" | "3") =>
  fireEvent.change(screen.getByRole("combobox", { name: `Place of ${title}` }), { target: { value } });

describe("the draft screen", () => {
  it("says 'Incorrect event id' for a bad id", async () => {
    stubApi(signedInRoutes());
    renderAt("/eventmanagementpage/abc");
    expect(await screen.findByText("Incorrect event id")).toBeTruthy();
  });

  it("says 'Error loading event data' when the event cannot be read", async () => {
    stubApi(signedInRoutes());
    renderAt("/eventmanagementpage/9");
    expect(await screen.findByText("Error loading event data")).toBeTruthy();
  });

  it("offers Retry beside 'Error loading event data', which reads the event again", async () => {
    let reads = 0;
    stubApi({
      ...signedInRoutes(),
      "GET /events/9": () => (++reads === 1 ? errorBody(500, "INTERNAL", "Something went wrong.") : json(draft)),
    });
    renderAt("/eventmanagementpage/9");
    await screen.findByText("Error loading event data");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Member list" })).toBeTruthy();
    expect(reads).toBe(2);
  });

  it("shows sport and country from the title, and the columns", async () => {
    await openDraft();
    expect(screen.getByText("Horse Racing")).toBeTruthy();
    expect(screen.getByText("United Kingdom")).toBeTruthy();
    for (const column of ["OUTCOME", "ODDS", "NR", "PLACE", "WHAT IF"])
      expect(screen.getByRole("columnheader", { name: column })).toBeTruthy();
  });

  it("Calc withdraws the NR outcomes one by one, in list order, and shows the new odds", async () => {
    const afterFirst = bookEvent(9, {
      status: "CREATED",
      items: [item(11, "Red Rum", 2, { status: "NR" }), item(12, "Shergar", 3), item(13, "Arkle", 5)],
    });
    const afterSecond = bookEvent(9, {
      status: "CREATED",
      items: [
        item(11, "Red Rum", 2, { status: "NR" }),
        item(12, "Shergar", 1.5),
        item(13, "Arkle", 5, { status: "NR" }),
      ],
    });
    const calls = await openDraft(draft, {
      "POST /events/9/nr/11": () => json(afterFirst),
      "POST /events/9/nr/13": () => json(afterSecond),
    });
    markNr("Arkle");
    markNr("Red Rum");
    fireEvent.click(screen.getByRole("button", { name: "Calc" }));
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Arkle is a non-runner" })).toBeNull());
    expect(posts(calls)).toEqual([
      ["/events/9/nr/11", {}],
      ["/events/9/nr/13", {}],
    ]);
    expect((screen.getByRole("textbox", { name: "Odds of Shergar" }) as HTMLInputElement).value).toBe("1.5");
  });

  it("leaves the screen when Calc closes the event", async () => {
    const closed = bookEvent(9, { status: "CANCELLED" });
    const calls = await openDraft(draft, {
      "POST /events/9/nr/11": () => json(closed),
      "POST /events/9/nr/12": () => json(closed),
    });
    markNr("Red Rum");
    markNr("Shergar");
    fireEvent.click(screen.getByRole("button", { name: "Calc" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([["/events/9/nr/11", {}]]);
  });

  it("End Event sends the outcomes at place 1 as winners", async () => {
    const calls = await openDraft(draft, {
      "POST /events/9/finalize": () => json(bookEvent(9, { status: "CALCULATED" })),
    });
    place("Shergar", "1");
    place("Arkle", "1");
    place("Arkle", "0");
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End Event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([["/events/9/finalize", { eventId: 9, placings: [{ itemId: 12, place: 1 }] }]]);
  });

  it("End Event on an event with SP sends each runner's SP: the last price unless stepped", async () => {
    const withSp = bookEvent(9, { status: "CREATED", sp: true });
    const calls = await openDraft(withSp, {
      "POST /events/9/finalize": () => json(bookEvent(9, { status: "CALCULATED" })),
    });
    place("Shergar", "1");
    // Shergar's 2/1 stepped a rung up the ladder.
    fireEvent.click(screen.getByRole("button", { name: "Raise SP of Shergar" }));
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End Event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    const [[, body]] = posts(calls);
    expect(body).toMatchObject({ placings: [{ itemId: 12, place: 1 }] });
    expect((body as { sp: unknown[] }).sp).toEqual([
      { itemId: 11, coefficient: 2 },
      { itemId: 12, coefficient: expect.any(Number) },
      { itemId: 13, coefficient: 5 },
    ]);
    expect((body as { sp: { coefficient: number }[] }).sp[1].coefficient).toBeGreaterThan(3);
  });

  it("asks no SPs on an event without SP or BOG", async () => {
    await openDraft(draft);
    expect(screen.queryByRole("textbox", { name: /^SP of/ })).toBeNull();
  });

  it("End Event with nobody placed sends no placings (bets refunded)", async () => {
    const calls = await openDraft(draft, {
      "POST /events/9/finalize": () => json(bookEvent(9, { status: "CALCULATED" })),
    });
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    expect(screen.getByRole("dialog").textContent).toContain("every bet is refunded");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End Event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([["/events/9/finalize", { eventId: 9, placings: [] }]]);
  });

  it("shows the each-way terms in force and saves changed terms", async () => {
    const calls = await openDraft(
      bookEvent(9, { status: "CREATED", eachWay: { places: 1, fraction: 1, standard: true } }),
      { "POST /events/9/save": () => json(bookEvent(9)) },
    );
    expect((screen.getByLabelText("Each-way") as HTMLSelectElement).value).toBe("standard");
    expect(screen.getByText("E/W win only (standard: follows the runners)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Each-way"), { target: { value: "custom" } });
    fireEvent.change(screen.getByLabelText("Each-way places"), { target: { value: "2" } });
    expect(screen.getByText("E/W 1/4 2 places")).toBeTruthy();
    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)[0][1]).toMatchObject({ eachWay: { places: 2, fraction: 4 } });
  });

  it("does not send unchanged each-way terms (no rule can change once a bet is struck)", async () => {
    const calls = await openDraft(
      bookEvent(9, { status: "CREATED", eachWay: { places: 3, fraction: 5, standard: true } }),
      { "POST /events/9/save": () => json(bookEvent(9)) },
    );
    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)[0][1]).not.toHaveProperty("eachWay");
  });

  it("takes places up to the paying places with each-way terms, ties allowed, and sends them as placings", async () => {
    const race = bookEvent(9, { status: "CREATED", eachWay: { places: 3, fraction: 5, standard: false } });
    const calls = await openDraft(race, {
      "POST /events/9/finalize": () => json(bookEvent(9, { status: "CALCULATED" })),
    });
    const offered = (title: string) =>
      [...(screen.getByRole("combobox", { name: `Place of ${title}` }) as HTMLSelectElement).options].map(
        (o) => o.value,
      );
    expect(offered("Arkle")).toEqual(["0", "1", "2", "3"]);
    place("Shergar", "1");
    place("Red Rum", "2");
    place("Arkle", "2");
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    expect(screen.getByRole("dialog").textContent).toContain("Placed: Red Rum 2nd, Arkle 2nd.");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End Event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([
      [
        "/events/9/finalize",
        {
          eventId: 9,
          placings: [
            { itemId: 11, place: 2 },
            { itemId: 12, place: 1 },
            { itemId: 13, place: 2 },
          ],
        },
      ],
    ]);
  });

  it("offers 0 and 1 alone without each-way terms", async () => {
    await openDraft();
    const options = (screen.getByRole("combobox", { name: "Place of Arkle" }) as HTMLSelectElement).options;
    expect([...options].map((o) => o.value)).toEqual(["0", "1"]);
  });

  it("says why placings out of order cannot be sent, and sends nothing", async () => {
    const race = bookEvent(9, { status: "CREATED", eachWay: { places: 3, fraction: 5, standard: false } });
    const calls = await openDraft(race);
    place("Shergar", "1");
    place("Red Rum", "1");
    place("Arkle", "2");
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    expect(screen.getByRole("dialog").textContent).toContain(
      "2 outcomes share 1st place, so the next place is 3rd, not 2nd.",
    );
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button"));
    place("Arkle", "0");
    place("Red Rum", "0");
    place("Shergar", "2");
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    expect(screen.getByRole("dialog").textContent).toContain("No outcome is at place 1");
    expect(posts(calls)).toEqual([]);
  });

  it("shows the event's Rule 4 and dead heat, and says beside End Event what several winners are paid", async () => {
    await openDraft(bookEvent(9, { status: "CREATED", rule4: true, deadHeat: true }));
    expect(screen.getByRole("switch", { name: "Rule 4" }).getAttribute("aria-checked")).toBe("true");
    expect(
      screen.getByText("Dead heat: if 2 or more winners are marked, each is paid on its share of the stake"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Dead heat" }));
    expect(screen.getByText("Every winner is paid in full")).toBeTruthy();
  });

  it("shows a non-runner's Rule 4 deduction", async () => {
    await openDraft(
      bookEvent(9, {
        status: "CREATED",
        rule4: true,
        items: [item(11, "Red Rum", 2, { status: "NR", deduction: 45 }), item(12, "Shergar", 3), item(13, "Arkle", 5)],
      }),
    );
    expect(screen.getByText("Red Rum").closest("tr")!.textContent).toContain("Rule 4: 45p");
    expect(screen.getByText("Shergar").closest("tr")!.textContent).not.toContain("Rule 4");
  });

  it("End Event sends a changed dead-heat rule with the result, one call, so the result applies what the screen says", async () => {
    const calls = await openDraft(draft, {
      "POST /events/9/finalize": () => json(bookEvent(9, { status: "CALCULATED", deadHeat: true })),
    });
    fireEvent.click(screen.getByRole("switch", { name: "Dead heat" }));
    place("Red Rum", "1");
    place("Shergar", "1");
    fireEvent.click(screen.getByRole("button", { name: "End Event" }));
    expect(screen.getByRole("dialog").textContent).toContain("Dead heat: each is paid on 1/2 of the stake.");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End Event" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([
      [
        "/events/9/finalize",
        {
          eventId: 9,
          placings: [
            { itemId: 11, place: 1 },
            { itemId: 12, place: 1 },
          ],
          rule4: false,
          deadHeat: true,
        },
      ],
    ]);
  });

  it("Calc sends a changed Rule 4 with the withdrawal, in one call, so the withdrawal takes its deduction", async () => {
    const calls = await openDraft(draft, {
      "POST /events/9/nr/13": () =>
        json(
          bookEvent(9, {
            status: "CREATED",
            rule4: true,
            items: [
              item(11, "Red Rum", 2),
              item(12, "Shergar", 3),
              item(13, "Arkle", 5, { status: "NR", deduction: 0 }),
            ],
          }),
        ),
    });
    fireEvent.click(screen.getByRole("switch", { name: "Rule 4" }));
    markNr("Arkle");
    fireEvent.click(screen.getByRole("button", { name: "Calc" }));
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Arkle is a non-runner" })).toBeNull());
    expect(posts(calls)).toEqual([["/events/9/nr/13", { rule4: true, deadHeat: false }]]);
  });

  it("Save sends the new dates, the odds and return in one call that puts the event live, and leaves", async () => {
    const calls = await openDraft(draft, { "POST /events/9/save": () => json(bookEvent(9)) });
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "0101" } });
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "010235" } });
    const odds = screen.getByRole("textbox", { name: "Odds of Red Rum" });
    fireEvent.change(odds, { target: { value: "2/1" } });
    fireEvent.blur(odds);
    fireEvent.change(screen.getByLabelText("Return for punters"), { target: { value: "80" } });
    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    const start = new Date(2035, 1, 1, 1, 1);
    expect(posts(calls)).toEqual([
      [
        "/events/9/save",
        {
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 2 * 3600_000).toISOString(),
          items: [
            { id: 11, coefficient: 3 },
            { id: 12, coefficient: 3 },
            { id: 13, coefficient: 5 },
          ],
          returnPrice: 0.8,
          maxTotalPayout: 10000,
          botEqualizer: false,
          rule4: false,
          deadHeat: false,
          sp: false,
          bog: false,
        },
      ],
    ]);
  });

  it("turning the Equalizer Bot on hides the odds by hand and saves it on", async () => {
    const calls = await openDraft(draft, { "POST /events/9/save": () => json(bookEvent(9)) });
    expect(screen.getByRole("textbox", { name: "Odds of Red Rum" })).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Equalizer Bot" }));
    expect(screen.queryByRole("textbox", { name: "Odds of Red Rum" })).toBeNull();
    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls)).toEqual([
      [
        "/events/9/save",
        {
          items: [],
          returnPrice: 0.5,
          maxTotalPayout: 10000,
          botEqualizer: true,
          rule4: false,
          deadHeat: false,
          sp: false,
          bog: false,
        },
      ],
    ]);
  });

  it("Save refuses a start in the past with the date message", async () => {
    const calls = await openDraft(
      bookEvent(9, { status: "CREATED", startDate: new Date(Date.now() - 3600_000).toISOString() }),
    );
    fireEvent.click(within(screen.getByRole("main")).getByRole("button", { name: "Save" }));
    expect(screen.getByText("Date and time must be in the future.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("the Telegram main button saves", async () => {
    const calls = await openDraft(draft, { "POST /events/9/save": () => json(bookEvent(9)) });
    const mainButton = window.Telegram!.WebApp!.MainButton;
    expect(mainButton.isVisible).toBe(true);
    expect(mainButton.text).toBe("Save");
    // The test WebApp draws the MainButton as a page button outside the screen.
    const drawn = screen.getAllByRole("button", { name: "Save" }).find((b) => !screen.getByRole("main").contains(b));
    fireEvent.click(drawn!);
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(posts(calls).map(([path]) => path)).toEqual(["/events/9/save"]);
  });

  it("Abandon and copy ends the event, then offers the copy in the new event form", async () => {
    const abandoned = bookEvent(9, { status: "CANCELLED" });
    let read = draft;
    // Once abandoned, every read of the event says it is over: the offer must still stay up.
    const calls = await openDraft(draft, {
      [`GET /events/9`]: () => json(read),
      "POST /events/9/abandon": () => json((read = abandoned)),
    });
    fireEvent.click(screen.getByRole("button", { name: "Abandon and copy of event" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Abandon" }));
    const offer = await screen.findByRole("dialog", { name: "Do you want to create a copy of this event??" });
    await screen.findByText("This event is over. Its result is in Event history.");
    expect(screen.getByRole("dialog", { name: "Do you want to create a copy of this event??" })).toBe(offer);
    fireEvent.click(within(offer).getByRole("button", { name: "Yes" }));
    expect(window.location.pathname).toBe("/createeventpage");
    expect((window.history.state as { copy: BookmakerEvent }).copy.id).toBe(9);
    expect(posts(calls)).toEqual([["/events/9/abandon", undefined]]);
  });
});
