// Browser check of cash out (docs/rules/cash-out.md "Cash out"), in Telegram's light and dark themes: the
// bookmaker turns cash out on in his main page's card; a punter backs Arkle at 5.0 in the bet
// dialog, the bookmaker shortens it to 3.0, and the punter cashes out in his history at the value
// shown (10 × 5 ÷ 3 × 0.95 = 15.83): his coins rise by exactly that. A double cashed out after its
// first leg won (10 × 2 × 2/2 × 0.95 = 19). With the equalizer on, the punter's own 10 on Arkle
// at 5.0 moves its price, not his cash-out: offered and paid 9.50 (docs/decisions/events.md, "Cash out:
// the book's own prices"). The bookmaker's Liability board and history of the
// punter show the cash-out. axe-core audits each screen and dialog (harness.mjs). Set-up goes
// through the API. Screenshots (390x844) go to /tmp/bookie-cashout-*.png.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import {
  apiAs,
  assert,
  assertNoPageErrors,
  audit,
  buy,
  fitsThePhone,
  phone,
  prepare,
  publishRace,
  rand,
  run,
  step,
} from "./harness.mjs";
import { openInTheme, THEMES } from "./telegram-themes.mjs";

const SHOT = (name) => `/tmp/bookie-cashout-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });
const cents = (coins) => Math.round(coins * 100);

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  for (const theme of Object.keys(THEMES)) await inTheme(url, browser, theme);
}

async function inTheme(url, browser, theme) {
  const id = rand();
  const bookie = await phone(browser, { timezoneId: "UTC" });
  await openInTheme(bookie, theme, `${url}/home?devUser=cb${id}`);
  const bookieApi = await apiAs(bookie);
  await buy(bookieApi, "BOOKMAKER");
  const bookName = `Cash${id}`;
  const { bookmakerId } = await bookieApi("PUT", "/bookmakers/register", { name: bookName });
  const first = `First ${id}`;
  const second = `Second ${id}`;
  const firstRace = await publishRace(bookieApi, bookmakerId, { description: first });
  const secondRace = await publishRace(bookieApi, bookmakerId, { description: second });
  const race = await bookieApi("GET", `/events/${secondRace}`);
  const item = (title) => race.items.find((i) => i.title === title);

  const punterUser = `cp${id}`;
  const punter = await phone(browser, { timezoneId: "UTC" });
  await openInTheme(punter, theme, `${url}/bookies?devUser=${punterUser}`);
  const punterApi = await apiAs(punter);
  await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);
  const request = (await bookieApi("GET", "/bookmakers/requests")).find((r) => r.user.username === punterUser);
  await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  const give = (amount) =>
    bookieApi("POST", "/balances/add", { userId: request.user.internalId, balance: { amount, currency: "COIN" } });
  await give(10);
  const coins = async () => cents((await punterApi("GET", `/balances/${bookmakerId}`)).amount);

  await step(`${theme}: the bookmaker turns cash out on in his main page's card`, async () => {
    await bookie.goto(`${url}/mainpage`);
    const card = bookie.getByRole("region", { name: "Cash out" });
    await card.getByText("Off", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByRole("button", { name: "Edit cash out", exact: true }).click();
    const dialog = bookie.getByRole("dialog", { name: "Cash out" });
    await dialog.getByRole("switch", { name: "Offer cash out" }).click();
    assert((await dialog.getByLabel("Margin (%)").inputValue()) === "5", "the margin is not 5% by default");
    await audit(bookie, `${theme} cash-out setting`);
    await shoot(bookie, `${theme}-setting`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await card.getByText("Offered to punters", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByText("Margin 5%", { exact: true }).waitFor();
    await audit(bookie, `${theme} /mainpage`);
    await fitsThePhone(bookie, "/mainpage");
  });

  await step(`${theme}: the punter backs Arkle at 5.0 for 10 in the bet dialog`, async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter.getByRole("button", { name: "Horse Racing / Ireland" }).filter({ hasText: second }).click();
    const dialog = punter.getByRole("dialog", { name: "Horse Racing / Ireland" });
    await dialog.getByRole("button", { name: /^Bet on Arkle:/ }).click();
    await dialog.getByRole("option", { name: /^Max/ }).click(); // his 10 coins
    await dialog.getByRole("button", { name: "Bet", exact: true }).click();
    await punter.getByRole("dialog", { name: "Your bet is successful" }).getByRole("button", { name: "Ok" }).click();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    assert((await coins()) === 0, "the bet did not take his 10 coins");
  });

  await step(`${theme}: the bookmaker shortens Arkle to 3.0; the punter cashes out at the value shown`, async () => {
    await bookieApi("POST", `/events/${secondRace}/coefficients`, {
      items: [{ id: item("Arkle").id, coefficient: 3 }],
    });
    await punter.goto(`${url}/history/${bookmakerId}`);
    const bet = punter.getByRole("rowgroup", { name: "Horse Racing / Ireland, Arkle" });
    const button = bet.getByRole("button", { name: "Cash out 15.83: Arkle", exact: true });
    await button.waitFor({ timeout: 15_000 });
    await audit(punter, `${theme} /history with an offer`);
    await fitsThePhone(punter, "/history");
    await button.click();
    const dialog = punter.getByRole("dialog", { name: "Cash out" });
    await dialog.getByText("Cash out now for 15.83", { exact: true }).waitFor({ timeout: 10_000 });
    await dialog.getByText("If it wins, the bet returns 50.", { exact: true }).waitFor();
    await audit(punter, `${theme} cash-out dialog`);
    await shoot(punter, `${theme}-confirm`);
    const before = await coins();
    await dialog.getByRole("button", { name: "Cash out", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await bet.getByText("Cashed out 15.83", { exact: true }).waitFor({ timeout: 10_000 });
    const after = await coins();
    assert(after - before === 1583, `his coins rose by ${(after - before) / 100}, not 15.83`);
    await shoot(punter, `${theme}-cashed`);
  });

  await step(`${theme}: a double cashed out after its first leg won`, async () => {
    const leg = async (eventId) => {
      const e = await bookieApi("GET", `/events/${eventId}`);
      const redRum = e.items.find((i) => i.title === "Red Rum");
      return { eventId, eventItemId: redRum.id, coefficient: redRum.currCoefficient };
    };
    const legs = [await leg(firstRace), await leg(secondRace)];
    await give(10);
    await punterApi("POST", "/bets/multiple", { bookmakerId, kind: "DOUBLE", legs, amount: 10 });
    await bookieApi("POST", `/events/${firstRace}/finalize`, { eventId: firstRace, winners: [legs[0].eventItemId] });
    await punter.goto(`${url}/history/${bookmakerId}`);
    const double = punter.getByRole("rowgroup", { name: "Double · 1 line" });
    const button = double.getByRole("button", { name: "Cash out 19: Double · 1 line", exact: true });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const dialog = punter.getByRole("dialog", { name: "Cash out" });
    await dialog.getByText("Cash out now for 19", { exact: true }).waitFor({ timeout: 10_000 });
    const before = await coins();
    await dialog.getByRole("button", { name: "Cash out", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await double.getByText("Cashed out 19", { exact: true }).waitFor({ timeout: 10_000 });
    assert((await coins()) - before === 1900, "the double's cash-out did not pay 19");
    await audit(punter, `${theme} /history after cash-outs`);
  });

  await step(`${theme}: with the equalizer on, his own bet does not raise his cash-out`, async () => {
    const description = `Equalized ${id}`;
    const equalized = await publishRace(bookieApi, bookmakerId, { description, botEqualizer: true });
    const arkle = (await bookieApi("GET", `/events/${equalized}`)).items.find((i) => i.title === "Arkle");
    await give(10);
    await punterApi("POST", "/bets", {
      bookmakerId,
      eventId: equalized,
      eventItemId: arkle.id,
      amount: 10,
      coefficient: arkle.currCoefficient,
    });
    const moved = (await bookieApi("GET", `/events/${equalized}`)).items.find((i) => i.title === "Arkle");
    assert(moved.currCoefficient < 5, "the equalizer did not move Arkle");
    await punter.goto(`${url}/history/${bookmakerId}`);
    const bet = punter
      .getByRole("rowgroup", { name: "Horse Racing / Ireland, Arkle" })
      .filter({ hasText: description });
    const button = bet.getByRole("button", { name: "Cash out 9.50: Arkle", exact: true });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const dialog = punter.getByRole("dialog", { name: "Cash out" });
    await dialog.getByText("Cash out now for 9.50", { exact: true }).waitFor({ timeout: 10_000 });
    const before = await coins();
    await dialog.getByRole("button", { name: "Cash out", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await bet.getByText("Cashed out 9.50", { exact: true }).waitFor({ timeout: 10_000 });
    assert((await coins()) - before === 950, "the cash-out did not pay the 9.50 shown");
    // Off the Liability board, which the last step reads with the second race alone on it.
    await bookieApi("POST", `/events/${equalized}/abandon`);
  });

  await step(
    `${theme}: the bookmaker sees the cash-outs on his Liability board and in the punter's history`,
    async () => {
      await bookie.goto(`${url}/liability`);
      // The first race is settled: the second is the board's one event.
      const card = bookie.getByRole("button", { name: /Horse Racing \/ Ireland/ });
      await card.getByText("Cashed out", { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByText("15.83", { exact: true }).waitFor();
      await audit(bookie, `${theme} /liability`);
      await bookie.goto(`${url}/playermanagement`);
      await bookie.getByRole("button", { name: new RegExp(`^@${punterUser} `) }).click({ timeout: 10_000 });
      await bookie
        .getByRole("dialog", { name: `@${punterUser}` })
        .getByRole("button", { name: "History", exact: true })
        .click();
      await bookie.waitForURL(new RegExp(`/historyofuser/${punterUser}$`), { timeout: 5_000 });
      await bookie.getByText("Cashed out 15.83", { exact: true }).waitFor({ timeout: 10_000 });
      await bookie.getByText("Cashed out 19", { exact: true }).waitFor();
      await audit(bookie, `${theme} /historyofuser`);
    },
  );

  assertNoPageErrors(bookie, punter);
  await bookie.context().close();
  await punter.context().close();
}

run(main);
