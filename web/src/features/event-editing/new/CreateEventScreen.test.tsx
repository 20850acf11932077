import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookmakerEvent } from "@worker/contract";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi, type RecordedCall } from "@/test/network";

const reference = {
  "GET /events/types": () => json([{ eventTypeName: "Horse Racing" }, { eventTypeName: "Football" }]),
  "GET /countries": () => json([{ countryName: "United States" }, { countryName: "Ireland" }]),
};

async function openForm(extra: Parameters<typeof stubApi>[0] = {}, state: unknown = null) {
  const calls = stubApi({ ...signedInRoutes(), ...reference, ...extra });
  renderAt("/createeventpage", state);
  await screen.findByRole("heading", { name: "New Event" });
  return calls;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const paste = (el: HTMLElement, text: string) => fireEvent.paste(el, { clipboardData: { getData: () => text } });
const outcomeValues = () =>
  screen.getAllByRole("textbox", { name: /^Outcome \d+$/ }).map((el) => (el as HTMLInputElement).value);
const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method === "POST" && c.path !== "/auth/telegram");

function fillValidForm() {
  type("Description", "Race 3 at Belmont");
  type("Date", "010135");
  type("Time", "1830");
  paste(screen.getByRole("textbox", { name: "Outcome 1" }), "1. Red Rum\n2. Shergar");
}

/** Telegram's Back button (the dev stand-in draws it outside the page), once it is shown: on a busy machine it comes a moment after the form. */
const telegramBack = () =>
  waitFor(() => {
    const back = screen.getAllByRole("button", { name: "‹ Back" }).find((b) => !screen.getByRole("main").contains(b));
    if (!back) throw new Error("Telegram's Back button is not shown yet");
    return back;
  });

describe("the new event form", () => {
  it("names sports and countries in the bookmaker's language, and starts in his language's country", async () => {
    stubApi({
      ...signedInRoutes(),
      ...reference,
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice", language: "ru" }),
      "GET /countries": () => json([{ countryName: "United States" }, { countryName: "Russia" }]),
    });
    renderAt("/createeventpage");
    const selects = () => [...document.querySelectorAll("select")];
    await waitFor(() => expect(selects()[1]?.value).toBe("Russia"));
    const [sport, country] = selects();
    await waitFor(() => expect([sport.options.length, country.options.length]).toEqual([2, 2]));
    // The values stay the stored English; the reader sees his own words, sorted as he reads them.
    expect(sport.value).toBe("Horse Racing");
    expect([...sport.options].map((o) => [o.value, o.textContent])).toEqual([
      ["Horse Racing", "Скачки"],
      ["Football", "Футбол"],
    ]);
    expect([...country.options].map((o) => o.textContent)).toEqual(["Россия", "Соединенные Штаты"]);
  });

  it("starts with Horse Racing, United States, return 0.50 and two outcomes at 1.5", async () => {
    await openForm();
    await waitFor(() => expect((screen.getByLabelText("Sport") as HTMLSelectElement).value).toBe("Horse Racing"));
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("United States");
    expect((screen.getByLabelText("Return for punters") as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      "0.50",
    );
    expect(
      screen.getAllByRole("textbox", { name: /^Odds of outcome/ }).map((s) => (s as HTMLInputElement).value),
    ).toEqual(["1.5", "1.5"]);
    for (const column of ["OUTCOME", "YOUR ODDS", "CURRENT ODDS"])
      expect(screen.getByRole("columnheader", { name: column })).toBeTruthy();
  });

  it("masks the date and time and shows their messages", async () => {
    await openForm();
    type("Date", "31064");
    expect((screen.getByLabelText("Date") as HTMLInputElement).value).toBe("31/06/4");
    expect(screen.getByText("Invalid date format. Use DD/MM/YY.")).toBeTruthy();
    type("Date", "310640");
    expect(screen.getByText("Nonexistent calendar date.")).toBeTruthy();
    type("Time", "2460");
    expect((screen.getByLabelText("Time") as HTMLInputElement).value).toBe("24:60");
    expect(screen.getByText("Invalid time. Hours 00–23, minutes 00–59.")).toBeTruthy();
    type("Time", "9");
    expect(screen.getByText("Invalid time format. Use HH:MM.")).toBeTruthy();
    type("Date", "010120");
    type("Time", "1200");
    expect(screen.getByText("Date and time must be in the future.")).toBeTruthy();
  });

  it("takes digits only for the max payout and wants a positive number", async () => {
    await openForm();
    type("Max Total Payout", "0x");
    expect((screen.getByLabelText("Max Total Payout") as HTMLInputElement).value).toBe("0");
    expect(screen.getByText("Enter a positive number.")).toBeTruthy();
  });

  it("fills several outcomes from a pasted list", async () => {
    await openForm();
    const second = screen.getByRole("textbox", { name: "Outcome 2" });
    fireEvent.change(second, { target: { value: "Arkle" } });
    paste(
      screen.getByRole("textbox", { name: "Outcome 1" }),
      "1. Red Rum\n• Shergar\nARKLE\nZoë's\u200B Delight, Буревестник",
    );
    expect(outcomeValues()).toEqual(["Red Rum", "Arkle", "Shergar", "Zoë's Delight", "Буревестник"]);
  });

  it("needs at least 2 participants", async () => {
    const calls = await openForm();
    type("Description", "Race 3");
    type("Date", "010135");
    type("Time", "1830");
    type("Outcome 1", "Red Rum");
    fireEvent.click(screen.getByRole("button", { name: "Save and Start" }));
    expect(screen.getByText("You need at least 2 participants.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it("asks before starting, then makes the draft and publishes it", async () => {
    const calls = await openForm({
      "POST /drafts": () => json({ eventId: 77 }),
      "POST /events": () => json({ id: 77 }),
    });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Save and Start" }));
    const confirm = screen.getByRole("dialog", { name: "Are you sure you want to start the event?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Start" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    const start = new Date(2035, 0, 1, 18, 30);
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      [
        "/drafts",
        {
          title: "Horse Racing / United States",
          description: "Race 3 at Belmont",
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 2 * 3600_000).toISOString(),
          bookmakerId: BOOK_ID,
          maxTotalPayout: 1000,
          items: [
            { title: "Red Rum", coefficient: 1.5 },
            { title: "Shergar", coefficient: 1.5 },
          ],
          returnPrice: 0.5,
          botEqualizer: false,
          rule4: true,
          deadHeat: true,
          sp: true,
          bog: false,
          eachWay: "standard",
        },
      ],
      ["/events", { draftId: 77 }],
    ]);
  });

  it("turns Rule 4 and dead heat on for a race and off for other sports, until the bookmaker sets them", async () => {
    const calls = await openForm({ "POST /drafts": () => json({ eventId: 77 }) });
    const rule4 = () => screen.getByRole("switch", { name: "Rule 4" }).getAttribute("aria-checked");
    const deadHeat = () => screen.getByRole("switch", { name: "Dead heat" }).getAttribute("aria-checked");
    expect([rule4(), deadHeat()]).toEqual(["true", "true"]);
    await screen.findByRole("option", { name: "Football" });
    type("Sport", "Football");
    expect([rule4(), deadHeat()]).toEqual(["false", "false"]);
    fireEvent.click(screen.getByRole("switch", { name: "Rule 4" }));
    type("Sport", "Horse Racing");
    type("Sport", "Football");
    // Touched, Rule 4 stays as he set it; dead heat still follows the sport.
    expect([rule4(), deadHeat()]).toEqual(["true", "false"]);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toMatchObject({ title: "Football / United States", rule4: true, deadHeat: false });
  });

  it("offers standard each-way terms for a race, off elsewhere, and sends the bookmaker's own terms", async () => {
    const calls = await openForm({ "POST /drafts": () => json({ eventId: 77 }) });
    const kind = () => (screen.getByLabelText("Each-way") as HTMLSelectElement).value;
    expect(kind()).toBe("standard");
    // Two runners: standard terms pay the place part on to win.
    expect(screen.getByText("E/W win only (standard: follows the runners)")).toBeTruthy();
    await screen.findByRole("option", { name: "Football" });
    type("Sport", "Football");
    expect(kind()).toBe("off");
    expect(screen.getByText("No each-way bets")).toBeTruthy();
    type("Each-way", "custom");
    type("Each-way places", "4");
    type("Each-way fraction", "4");
    expect(screen.getByText("E/W 1/4 4 places")).toBeTruthy();
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toMatchObject({
      title: "Football / United States",
      eachWay: { places: 4, fraction: 4 },
    });
  });

  it("shows standard terms as the runners make them", async () => {
    await openForm();
    paste(screen.getByRole("textbox", { name: "Outcome 1" }), "A\nB\nC\nD\nE\nF\nG\nH");
    expect(screen.getByText("E/W 1/5 3 places (standard: follows the runners)")).toBeTruthy();
  });

  it("saves the form as a draft without starting it", async () => {
    const calls = await openForm({ "POST /drafts": () => json({ eventId: 77 }) });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(writes(calls).map((c) => c.path)).toEqual(["/drafts"]);
  });

  it("starts the next new event in the country of the last one he saved", async () => {
    const calls = await openForm({ "POST /drafts": () => json({ eventId: 77 }) });
    fillValidForm();
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "Ireland" } });
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect((writes(calls)[0].body as { title: string }).title).toBe("Horse Racing / Ireland");
    cleanup();
    await openForm();
    await waitFor(() => expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("Ireland"));
  });

  it("asks before Back throws a filled form away, and can keep it as a draft", async () => {
    const calls = await openForm({ "POST /drafts": () => json({ eventId: 77 }) });
    fillValidForm();
    fireEvent.click(await telegramBack());
    const ask = screen.getByRole("dialog", { name: "Leave without saving?" });
    expect(window.location.pathname).toBe("/createeventpage");
    fireEvent.click(within(ask).getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(window.location.pathname).toBe("/bookmakerevents"));
    expect(writes(calls).map((c) => c.path)).toEqual(["/drafts"]);
  });

  it("leaves an untouched form at once on Back", async () => {
    await openForm();
    fireEvent.click(await telegramBack());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.pathname).toBe("/bookmakerevents");
  });

  it("shows the API's refusal", async () => {
    await openForm({
      "POST /drafts": () =>
        errorBody(409, "INSUFFICIENT_COINS", "Insufficient currency. You can purchase more in the store."),
    });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Save and Start" }));
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Insufficient currency. You can purchase more in the store.",
    );
    expect(window.location.pathname).toBe("/createeventpage");
  });

  it("is prefilled from a copied event", async () => {
    const copy = {
      title: "Football / Ireland",
      description: "Cup final",
      startDate: new Date(2035, 4, 2, 15, 0).toISOString(),
      maxTotalPayout: 5000,
      returnPrice: 0.8,
      botEqualizer: true,
      eachWay: null,
      items: [
        { title: "Rovers", coefficient: 2.5 },
        { title: "City", coefficient: 3 },
      ],
    } as BookmakerEvent;
    await openForm({}, { copy });
    await waitFor(() => expect((screen.getByLabelText("Sport") as HTMLSelectElement).value).toBe("Football"));
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("Ireland");
    expect((screen.getByLabelText("Description") as HTMLTextAreaElement).value).toBe("Cup final");
    expect((screen.getByLabelText("Date") as HTMLInputElement).value).toBe("02/05/35");
    expect((screen.getByLabelText("Time") as HTMLInputElement).value).toBe("15:00");
    expect((screen.getByLabelText("Max Total Payout") as HTMLInputElement).value).toBe("5000");
    expect(screen.getByRole("switch", { name: "Equalizer Bot" }).getAttribute("aria-checked")).toBe("true");
    expect(outcomeValues()).toEqual(["Rovers", "City"]);
  });
});
