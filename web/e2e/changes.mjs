// The audit log and price history in the browser: a bookmaker subscribes and creates his
// profile, publishes an event, changes an outcome's odds and adds coins to a punter with a note;
// Changes (from his main page) lists both, newest first, and exports them as CSV; the punter taps
// the outcome's odds in the bet dialog and sees its price since publication; the draft screen
// folds the same chart. `npm run test:e2e` runs it (web/e2e/run.mjs).
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

const SHOT = (name) => `/tmp/bookie-changes-${name}.png`;

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const punterUser = `pc${id}`;
  const eventTitle = "Horse Racing / Ireland";

  const bookie = await phone(browser);
  let bookieApi;
  let bookmakerId;
  let eventId;
  let punterId;
  await step("the bookmaker subscribes, creates his profile and publishes an event", async () => {
    ({ api: bookieApi, bookmakerId } = await becomeBookmaker(bookie, url, `bc${id}`, `Changes${id}`));
    const start = Date.now() + 3 * 3_600_000;
    ({ eventId } = await bookieApi("POST", "/drafts", {
      title: eventTitle,
      description: "Changes Stakes",
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
    }));
    await bookieApi("POST", "/events", { draftId: eventId });
  });

  const punter = await phone(browser);
  await step("the punter joins; the bookmaker changes Red Rum's odds and adds 50 coins with a note", async () => {
    await punter.goto(`${url}/bookies?devUser=${punterUser}`);
    const punterApi = await apiAs(punter);
    await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);
    const request = (await bookieApi("GET", "/bookmakers/requests")).find((r) => r.user.username === punterUser);
    assert(request, `no join request from ${punterUser}`);
    await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
    punterId = request.user.internalId;
    const event = await bookieApi("GET", `/events/${eventId}`);
    const redRum = event.items.find((i) => i.title === "Red Rum");
    await bookieApi("POST", `/events/${eventId}/coefficients`, { items: [{ id: redRum.id, coefficient: 2.5 }] });
    await bookieApi("POST", "/balances/add", {
      userId: punterId,
      balance: { amount: 50, currency: "COIN" },
      note: "paid in cash",
    });
  });

  await step("Changes, from the main page, lists both rows newest first", async () => {
    await bookie.goto(`${url}/mainpage`);
    await bookie.getByRole("button", { name: /^Changes/ }).click();
    await bookie.waitForURL(/\/changes$/, { timeout: 10_000 });
    const list = bookie.getByRole("list", { name: "Changes" });
    await list.waitFor({ timeout: 10_000 });
    await list.getByText("Red Rum 2 → 2.5").waitFor({ timeout: 10_000 });
    const cards = await list
      .getByRole("listitem")
      .evaluateAll((items) => items.map((i) => i.getAttribute("aria-label")));
    assert(cards.join(",") === "Coins added,Odds changed,Published", `unexpected changes: ${cards.join(" | ")}`);
    const coins = await list.getByRole("listitem").first().textContent();
    assert(coins.includes("+50") && coins.includes("paid in cash"), `unexpected coins row: ${coins}`);
    await bookie.screenshot({ path: SHOT("changes"), fullPage: true });
    await fitsThePhone(bookie, "/changes");
  });

  await step("the bookmaker filters by punter and exports the CSV", async () => {
    await bookie.getByLabel("Punter").selectOption(String(punterId));
    await bookie.getByRole("list", { name: "Changes" }).getByRole("listitem").nth(1).waitFor({ state: "detached" });
    await bookie.getByRole("button", { name: "Export CSV" }).click();
    const link = bookie.getByRole("link", { name: /^Download changes-.*\.csv$/ });
    await link.waitFor({ timeout: 10_000 });
    const csv = await (await fetch(await link.getAttribute("href"))).text();
    const lines = csv.trimEnd().split("\r\n");
    assert(
      lines.length === 2 && lines[1].includes(",COINS_ADDED,") && lines[1].includes("paid in cash"),
      `unexpected CSV: ${csv.slice(0, 300)}`,
    );
  });

  await step("the punter taps Red Rum's odds and sees its price since publication", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter.getByRole("button", { name: eventTitle }).click();
    const dialog = punter.getByRole("dialog", { name: eventTitle });
    await dialog.getByRole("button", { name: /: price history of Red Rum$/ }).click();
    await dialog
      .getByRole("img", { name: "Price since publication: from 2 to 2.5, 2 prices" })
      .waitFor({ timeout: 10_000 });
    await punter.screenshot({ path: SHOT("bet-dialog"), fullPage: true });
  });

  await step("the draft screen folds the same chart", async () => {
    await bookie.goto(`${url}/eventmanagementpage/${eventId}`);
    await bookie.getByRole("button", { name: "Price history" }).click();
    await bookie
      .getByRole("img", { name: "Price since publication: from 2 to 2.5, 2 prices" })
      .waitFor({ timeout: 10_000 });
    await bookie.screenshot({ path: SHOT("draft"), fullPage: true });
  });

  await step("a non-runner's row on Changes names the odds it moved", async () => {
    const start = Date.now() + 3 * 3_600_000;
    const { eventId: race } = await bookieApi("POST", "/drafts", {
      title: eventTitle,
      description: `Changes NR ${id}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3_600_000).toISOString(),
      bookmakerId,
      maxTotalPayout: 1000,
      items: [
        { title: "Red Rum", coefficient: 2 },
        { title: "Shergar", coefficient: 3 },
        { title: "Arkle", coefficient: 5 },
      ],
      returnPrice: 0.5,
      botEqualizer: false,
    });
    await bookieApi("POST", "/events", { draftId: race });
    const arkle = (await bookieApi("GET", `/events/${race}`)).items.find((i) => i.title === "Arkle");
    await bookieApi("POST", `/events/${race}/nr/${arkle.id}`);
    await bookie.goto(`${url}/changes`);
    const row = bookie.getByRole("list", { name: "Changes" }).getByRole("listitem", { name: "Non-runner" });
    await row.waitFor({ timeout: 10_000 });
    const text = await row.textContent();
    assert(/Arkle.*Red Rum 2 → [\d.]+.*Shergar 3 → [\d.]+/.test(text), `the non-runner's row says '${text}'`);
    await bookie.screenshot({ path: SHOT("non-runner"), fullPage: true });
  });

  await step("no page errors on either phone", async () => {
    assertNoPageErrors(bookie, punter);
  });
  log("screenshots: /tmp/bookie-changes-*.png");
}

run(main);
