// The liability board: a bookmaker with a live event and a punter's bet opens Liability from his
// main page and reads what the outcome pays should it win; a second bet shows at the next poll;
// a tap on the event opens its draft screen, and Back returns to the board.
// `npm run test:e2e` runs it (web/e2e/run.mjs).
import {
  assert,
  assertNoPageErrors,
  bookmakerPhone,
  fitsThePhone,
  log,
  prepare,
  punterPhone,
  rand,
  run,
  step,
  throughDraftQuestion,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-liability-${name}.png`;

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const eventTitle = "Football / Spain";

  const { page: bookie, api: bookieApi, bookmakerId } = await bookmakerPhone(browser, url, `lb${id}`, `Board${id}`, {});
  const start = Date.now() + 3 * 3_600_000;
  const { eventId } = await bookieApi("POST", "/drafts", {
    title: eventTitle,
    description: `Liability ${id}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3_600_000).toISOString(),
    bookmakerId,
    maxTotalPayout: 1000,
    items: [
      { title: "Home", coefficient: 2 },
      { title: "Away", coefficient: 3 },
    ],
    returnPrice: 0.5,
    botEqualizer: false,
  });
  await bookieApi("POST", "/events", { draftId: eventId });
  const event = await bookieApi("GET", `/events/${eventId}`);
  const outcome = (title) => event.items.find((i) => i.title === title);

  const punterUser = `lp${id}`;
  const { page: punter, api: punterApi } = await punterPhone(
    browser,
    url,
    punterUser,
    { api: bookieApi, bookmakerId, coins: 100 },
    {},
  );
  const betOn = (title, amount) =>
    punterApi("POST", "/bets", {
      requestId: 0,
      bookmakerId,
      eventId,
      eventItemId: outcome(title).id,
      amount,
      coefficient: outcome(title).currCoefficient,
    });

  const card = () => bookie.getByRole("button", { name: new RegExp(`^${eventTitle}`) });
  const line = (title) => card().locator(".lb-outcome").filter({ hasText: title });

  await step("after a bet of 10 at 2, Liability on the main page shows Home paying 20, the worst result", async () => {
    await betOn("Home", 10);
    await bookie.goto(`${url}/mainpage`);
    await bookie.getByRole("button", { name: /^Liability/ }).click();
    await bookie.waitForURL(/\/liability$/, { timeout: 10_000 });
    await card().waitFor({ timeout: 10_000 });
    const home = await line("Home").textContent();
    assert(home === "Home2010 · 1 bet", `Home reads '${home}'`);
    const worst = bookie.getByRole("region", { name: "Worst case" });
    const total = await worst.locator(".lb-total").textContent();
    assert(total === "20", `the worst case reads '${total}'`);
    const bar = line("Home").getByRole("img", { name: "100% of the worst result" });
    await bar.waitFor({ timeout: 2_000 });
    await bookie.screenshot({ path: SHOT("board"), fullPage: true });
    await fitsThePhone(bookie, "/liability");
  });

  await step("a second bet, 10 on Away at 3, shows at the next poll: Away pays 30, the new worst", async () => {
    await betOn("Away", 10);
    await card().getByText("Staked 20 · 2 bets", { exact: true }).waitFor({ timeout: 20_000 });
    const away = await line("Away").textContent();
    assert(away === "Away3010 · 1 bet", `Away reads '${away}'`);
    await line("Away").getByRole("img", { name: "100% of the worst result" }).waitFor({ timeout: 2_000 });
    await line("Home").getByRole("img", { name: "67% of the worst result" }).waitFor({ timeout: 2_000 });
  });

  await step("a tap on the event opens its draft screen, and Back returns to the board", async () => {
    await card().click();
    const asked = await throughDraftQuestion(bookie, new RegExp(`/eventmanagementpage/${eventId}$`));
    assert(asked, "the event holds bets: suspending it should have been asked first");
    await bookie.getByRole("heading", { name: "Draft", exact: true }).waitFor({ timeout: 10_000 });
    await bookie.getByRole("button", { name: "‹ Back", exact: true }).click();
    await bookie.waitForURL(/\/liability$/, { timeout: 5_000 });
    // Suspended with its bets, the event stays on the board.
    await card().getByText("Suspended", { exact: true }).waitFor({ timeout: 10_000 });
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log("screenshots: /tmp/bookie-liability-*.png");
}

run(main);
