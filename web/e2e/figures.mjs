// Figures after the golden path: a bookmaker subscribes and creates his profile, a punter joins
// and is given 500 coins, bets 125 in the dialog; then the bookmaker opens Figures from his
// main page, sees the punter's row, taps it for his statement and asks for the CSV, and the
// punter sees My figures on his history. `npm run test:e2e` runs it (web/e2e/run.mjs).
import {
  apiAs,
  assert,
  assertNoPageErrors,
  becomeBookmaker,
  fitsThePhone,
  log,
  phone,
  prepare,
  rand,
  run,
  step,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-figures-${name}.png`;

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const punterUser = `pf${id}`;
  const eventTitle = "Horse Racing / Ireland";

  const bookie = await phone(browser);
  let bookieApi;
  let bookmakerId;
  await step("the bookmaker subscribes and creates his profile", async () => {
    ({ api: bookieApi, bookmakerId } = await becomeBookmaker(bookie, url, `bf${id}`, `Figures${id}`));
    const start = Date.now() + 3 * 3_600_000;
    const { eventId } = await bookieApi("POST", "/drafts", {
      title: eventTitle,
      description: "Figures Stakes",
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3_600_000).toISOString(),
      bookmakerId,
      maxTotalPayout: 1000,
      items: [
        { title: "Red Rum", coefficient: 2 },
        { title: "Shergar", coefficient: 3 },
      ],
      returnPrice: 0.5,
      botEqualizer: false,
    });
    await bookieApi("POST", "/events", { draftId: eventId });
  });

  const punter = await phone(browser);
  await step("the punter joins, is given 500 coins and bets 125 in the dialog", async () => {
    await punter.goto(`${url}/bookies?devUser=${punterUser}`);
    const punterApi = await apiAs(punter);
    await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);
    const request = (await bookieApi("GET", "/bookmakers/requests")).find((r) => r.user.username === punterUser);
    assert(request, `no join request from ${punterUser}`);
    await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
    await bookieApi("POST", "/balances/add", {
      userId: request.user.internalId,
      balance: { amount: 500, currency: "COIN" },
    });
    await punter.reload();
    const card = punter.getByRole("region", { name: "My bookmakers" }).getByRole("article", { name: `Figures${id}` });
    await card.getByRole("button", { name: "Events", exact: true }).click();
    await punter.waitForURL(new RegExp(`/events/${bookmakerId}$`), { timeout: 10_000 });
    await punter.getByRole("button", { name: eventTitle }).click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    await dialog.getByRole("button", { name: /^Bet on Red Rum:/ }).click();
    await dialog.getByRole("option", { name: /^1\/4 Max/ }).click();
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    await punter.getByRole("dialog", { name: "Your bet is successful" }).getByRole("button", { name: "Ok" }).click();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  });

  await step("the bookmaker opens Figures from his main page and sees the punter's row", async () => {
    await bookie.goto(`${url}/mainpage`);
    await bookie.getByRole("button", { name: /^Figures/ }).click();
    await bookie.waitForURL(/\/figures$/, { timeout: 10_000 });
    const row = bookie.getByRole("row", { name: punterUser });
    await row.waitFor({ timeout: 10_000 });
    const cells = await row.getByRole("cell").allTextContents();
    assert(
      cells[0] === punterUser &&
        cells[1] === "125" &&
        cells[3] === "125 owes you125 in open bets" &&
        cells[4] === "375",
      `unexpected row: ${cells.join(" | ")}`,
    );
    await bookie.getByRole("img", { name: "Daily hold, last 30 days" }).waitFor({ timeout: 10_000 });
    await bookie.screenshot({ path: SHOT("figures"), fullPage: true });
    await fitsThePhone(bookie, "/figures");
  });

  await step("the bookmaker exports the CSV and opens the punter's statement", async () => {
    await bookie.getByRole("button", { name: "Export CSV" }).click();
    const link = bookie.getByRole("link", { name: /^Download figures-.*\.csv$/ });
    await link.waitFor({ timeout: 10_000 });
    const csv = await (await fetch(await link.getAttribute("href"))).text();
    assert(csv.includes(`${punterUser},`) && csv.includes("TOTAL,"), `unexpected CSV: ${csv.slice(0, 200)}`);
    await bookie.getByRole("row", { name: punterUser }).click();
    await bookie.waitForURL(/\/figures\/punter\/\d+/, { timeout: 10_000 });
    const movements = bookie.getByRole("list", { name: "Coin movements" });
    await movements.waitFor({ timeout: 10_000 });
    const items = await movements.getByRole("listitem").allTextContents();
    assert(
      items.length === 2 && items[0].startsWith("Stake") && items[1].startsWith("Coins added"),
      `unexpected movements: ${items.join(" | ")}`,
    );
    await bookie.screenshot({ path: SHOT("statement"), fullPage: true });
    await fitsThePhone(bookie, "/figures/punter");
  });

  await step("the punter sees My figures on his history", async () => {
    await punter.goto(`${url}/history/${bookmakerId}`);
    const week = punter.getByRole("list", { name: "This week" });
    await week.getByText("owed to you").or(week.getByText("you owe")).waitFor({ timeout: 10_000 });
    const text = await week.textContent();
    assert(text.includes("125") && text.includes("375"), `unexpected figures: ${text}`);
    await punter.screenshot({ path: SHOT("history"), fullPage: true });
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log("screenshots: /tmp/bookie-figures-*.png");
}

run(main);
