// Browser check of price requests (docs/decisions/screens.md, "Price requests"), two phones: a
// punter asks his bookmaker from the bet dialog for more than the box takes (100 on Arkle at 6, his
// max stake being 20); the bookmaker accepts by pressing Accept on the bot's message in the Bot
// messages drawer, whose toast shows; the punter's own message opens the event
// (startapp=ev_<id>), where the offer counts down, and he takes it: his bet, his coins. A second
// request is countered from the mini-app (its message's Counter opens the main page with it on top:
// 60 at 3.5) and taken too; the Changes screen lists the requests' rows. axe-core audits every
// screen. Screenshots (390x844) go to /tmp/bookie-price-requests-*.png.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import {
  assert,
  assertNoPageErrors,
  audit,
  bookmakerPhone,
  fitsThePhone,
  prepare,
  publishRace,
  punterPhone,
  rand,
  run,
  step,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-price-requests-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const description = `Race ${id}`;
  const book = await bookmakerPhone(browser, url, `rb${id}`, `Prices${id}`);
  const { page: bookie, api: bookieApi, bookmakerId } = book;
  await publishRace(bookieApi, bookmakerId, { description });

  const punterUser = `rp${id}`;
  const {
    page: punter,
    api: punterApi,
    userId,
  } = await punterPhone(browser, url, punterUser, {
    api: bookieApi,
    bookmakerId,
    coins: 500,
  });
  await bookieApi("PUT", "/balances/limits", { userId, maxStake: 20, maxPayoutPerEvent: null });

  const betDialog = punter.getByRole("dialog", { name: "Horse Racing / Ireland" });
  const askDialog = punter.getByRole("dialog", { name: "Ask for a price" });
  /** His requests as the open bet dialog shows them. */
  const requests = betDialog.getByRole("list", { name: "Your price requests" });
  const coins = async () => (await punterApi("GET", `/balances/${bookmakerId}`)).amount;

  /** From the bet dialog: `stake` on `runner` at `odds`, asked of the bookmaker. */
  async function ask(runner, stake, odds) {
    await betDialog.getByRole("button", { name: "Ask for a price", exact: true }).click();
    await askDialog.getByLabel("Outcome", { exact: true }).selectOption({ label: runner });
    await askDialog.getByLabel("Stake", { exact: true }).fill(stake);
    await askDialog.getByLabel("Odds", { exact: true }).fill(odds);
    await askDialog.getByRole("button", { name: "Ask the bookmaker", exact: true }).click();
    await askDialog.waitFor({ state: "detached", timeout: 10_000 });
  }

  /** Takes the offer on `runner` shown in the bet dialog: `offered` ("100 at 6"). */
  async function take(runner, offered) {
    const offer = requests.getByRole("listitem").filter({ hasText: `The bookmaker offers ${offered} on ${runner}` });
    await offer.waitFor({ timeout: 15_000 });
    const left = (await offer.getByRole("timer").textContent()) ?? "";
    assert(/^[1-6]?\d S$/.test(left), `the offer counts down from 60 s: '${left}'`);
    await shoot(punter, `offer-${runner.replace(/ /g, "")}`);
    await offer.getByRole("button", { name: "Take", exact: true }).click();
    await offer.getByText("Your bet is successful", { exact: true }).waitFor({ timeout: 10_000 });
  }

  await step("the punter asks from the bet dialog for 100 on Arkle at 6, over his max stake of 20", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter
      .getByRole("button", { name: /^Horse Racing \/ Ireland/ })
      .filter({ hasText: description })
      .click({ timeout: 10_000 });
    await betDialog.getByRole("button", { name: "Ask for a price", exact: true }).click();
    await askDialog.getByLabel("Outcome", { exact: true }).selectOption({ label: "Arkle" });
    await audit(punter, "/events/:bookieName (ask for a price)");
    await fitsThePhone(punter, "the ask dialog");
    await shoot(punter, "ask");
    await askDialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await ask("Arkle", "100", "6");
    await requests
      .getByRole("listitem")
      .filter({ hasText: "You asked for 100 at 6 on Arkle" })
      .filter({ hasText: "Waiting for the bookmaker..." })
      .waitFor({ timeout: 10_000 });
  });

  await step("the bookmaker presses Accept on the bot's message in the Bot messages drawer", async () => {
    await bookie.goto(`${url}/mainpage`);
    await bookie.getByRole("button", { name: /^Bot messages \(\d+\)$/ }).click({ timeout: 10_000 });
    const drawer = bookie.getByRole("complementary", { name: "Bot messages" });
    const message = drawer.getByRole("article").filter({ hasText: "Arkle" }).first();
    await message.getByRole("button", { name: "Accept", exact: true }).waitFor({ timeout: 15_000 });
    const counter = message.getByRole("link", { name: "Counter", exact: true });
    assert(/startapp=pr_\d+/.test((await counter.getAttribute("href")) ?? ""), "Counter opens the mini-app at pr_<id>");
    await message.getByRole("button", { name: "Accept", exact: true }).click();
    const toast = await message.getByRole("status").textContent({ timeout: 10_000 });
    assert(toast && toast.length > 0, "the press shows Telegram's toast");
    await shoot(bookie, "drawer-accepted");
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
  });

  await step("the punter's bot message opens the event (startapp=ev_<id>) with the offer counting down", async () => {
    await punter.getByRole("button", { name: /^Bot messages \(\d+\)$/ }).click({ timeout: 10_000 });
    const drawer = punter.getByRole("complementary", { name: "Bot messages" });
    const message = drawer
      .getByRole("article")
      .filter({ hasText: "Arkle" })
      .filter({ has: punter.getByRole("link") });
    const href = (await message.first().getByRole("link").getAttribute("href", { timeout: 15_000 })) ?? "";
    assert(/startapp=ev_\d+/.test(href), `the offer's button opens ${href}`);
    await punter.goto(`${url}/${new URL(href).search}`);
    await punter.waitForURL(new RegExp(`/events/${bookmakerId}$`), { timeout: 15_000 });
    await requests.getByRole("listitem").filter({ hasText: "The bookmaker offers 100 at 6 on Arkle" }).waitFor();
  });

  await step("the punter takes the offer: his bet, his coins", async () => {
    const before = await coins();
    await take("Arkle", "100 at 6");
    assert((await coins()) === before - 100, `his coins went from ${before} to ${await coins()}`);
    const bets = await punterApi("GET", `/bets/${bookmakerId}/`);
    assert(
      bets.some((b) => b.outcomeTitle === "Arkle" && b.money.amount === 100 && b.coefficient === 6),
      "no bet of 100 on Arkle at 6 in his history",
    );
  });

  await step(
    "a second request is countered from the mini-app, which its message's Counter opens: 60 at 3.5",
    async () => {
      await ask("Shergar", "100", "4");
      await bookie.getByRole("button", { name: /^Bot messages \(\d+\)$/ }).click();
      const drawer = bookie.getByRole("complementary", { name: "Bot messages" });
      const message = drawer.getByRole("article").filter({ hasText: "Shergar" }).first();
      const href = (await message.getByRole("link", { name: "Counter", exact: true }).getAttribute("href")) ?? "";
      await bookie.goto(`${url}/${new URL(href).search}`);
      await bookie.waitForURL(/\/mainpage\?request=\d+$/, { timeout: 10_000 });
      const panel = bookie.getByRole("region", { name: "Price requests" });
      const card = panel.getByRole("article", { name: `Price request from @${punterUser}` });
      await card.waitFor({ timeout: 15_000 });
      await card.getByText("Asks 100 at 4", { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByText("Max stake 20", { exact: false }).waitFor({ timeout: 10_000 });
      await card.getByText("Arkle 100 at 6", { exact: false }).waitFor({ timeout: 10_000 });
      await card.getByRole("button", { name: "Counter offer", exact: true }).click();
      await card.getByLabel("Stake", { exact: true }).fill("60");
      await card.getByLabel("Odds", { exact: true }).fill("3.5");
      await audit(bookie, "/mainpage (a counter offer)");
      await fitsThePhone(bookie, "the price request's card");
      await shoot(bookie, "counter");
      await card.getByRole("button", { name: "Send offer", exact: true }).click();
      await card
        .getByText("You offered 60 at 3.5: waiting for the punter", { exact: true })
        .waitFor({ timeout: 10_000 });
    },
  );

  await step("the punter takes the counter offer", async () => {
    const before = await coins();
    await take("Shergar", "60 at 3.5");
    assert((await coins()) === before - 60, `his coins went from ${before} to ${await coins()}`);
  });

  await step("Changes lists the requests' rows: asked, offered, taken", async () => {
    await bookie.goto(`${url}/changes`);
    const rows = bookie.getByRole("listitem").filter({ hasText: "Price request" });
    await rows.filter({ hasText: "Arkle, taken 100 at 6" }).first().waitFor({ timeout: 15_000 });
    await rows.filter({ hasText: "Shergar, offered 60 at 3.5" }).first().waitFor({ timeout: 10_000 });
    await rows.filter({ hasText: "Shergar, asked 100 at 4" }).first().waitFor({ timeout: 10_000 });
    await shoot(bookie, "changes");
  });

  assertNoPageErrors(punter, bookie);
}

run(main);
