// Browser check of the limits (docs/decisions/events.md, "Limits"): a bookmaker caps a punter's stake at 20 in the
// Manage punter dialog while the punter has a bet of 25 (his Max) ready in his bet dialog; the bet is
// refused with the message naming the limit, and the punter's Max then shows 20. The bookmaker's
// main page shows and saves the book's defaults, the multiples cap among them.
// Screenshots (390x844) go to /tmp/bookie-limits-*.png.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import {
  assert,
  assertNoPageErrors,
  bookmakerPhone,
  fitsThePhone,
  prepare,
  punterPhone,
  rand,
  run,
  step,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-limits-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const title = "Football / United Kingdom";
  const description = `Cup tie ${id}`;
  const start = Date.now() + 3 * 3600_000;

  const { page: bookie, api: bookieApi, bookmakerId } = await bookmakerPhone(browser, url, `lb${id}`, `Limit${id}`);
  const { eventId } = await bookieApi("POST", "/drafts", {
    title,
    description,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3600_000).toISOString(),
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

  const punterUser = `lp${id}`;
  const { page: punter } = await punterPhone(browser, url, punterUser, {
    api: bookieApi,
    bookmakerId,
    coins: 25,
  });

  const betDialog = punter.getByRole("dialog", { name: title });
  const maxOption = () => betDialog.getByRole("option", { name: /^Max/ });
  /** The amount the Max option shows beside its label. */
  const maxAmount = async () => ((await maxOption().textContent()) ?? "").replace(/^Max/, "").trim();
  /** Max as the menu shows it once the list and his coins are in (0 while they load), or what it last read. */
  const settledMax = async (expected) => {
    let max = await maxAmount();
    for (const until = Date.now() + 10_000; max !== expected && Date.now() < until; max = await maxAmount())
      await punter.waitForTimeout(200);
    return max;
  };

  await step("the punter readies a bet of 25 on Home: Max, all his coins", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter.getByRole("button", { name: title }).filter({ hasText: description }).click({ timeout: 10_000 });
    await betDialog.getByRole("button", { name: /^Bet on Home:/ }).click();
    const max = await settledMax("25");
    assert(max === "25", `before any limit, Max reads '${max}' (his 25 coins)`);
    await maxOption().click();
  });

  await step("the bookmaker caps him at 20 in Manage punter, the book's default shown as placeholder", async () => {
    await bookie.goto(`${url}/playermanagement`);
    await bookie.getByText(`@${punterUser}`, { exact: true }).click({ timeout: 10_000 });
    const manage = bookie.getByRole("dialog", { name: `@${punterUser}` });
    const field = manage.getByLabel("Max stake", { exact: true });
    assert((await field.getAttribute("placeholder")) === "No limit", "the placeholder does not say the book's default");
    await field.fill("20");
    await shoot(bookie, "manage-punter");
    await fitsThePhone(bookie, "/playermanagement");
    const saved = bookie.waitForResponse((r) => new URL(r.url()).pathname === "/balances/limits", { timeout: 10_000 });
    await manage.getByRole("button", { name: "Save", exact: true }).click();
    assert((await saved).ok(), `PUT /balances/limits answered ${(await saved).status()}`);
    await manage.waitFor({ state: "detached", timeout: 10_000 });
  });

  await step("the bet of 25 is refused with the message naming the limit", async () => {
    await betDialog.getByRole("button", { name: "Bet", exact: true }).click();
    const refusal = punter.getByRole("dialog", { name: "Your bet has not been accepted" });
    await refusal.getByText("Home: Your maximum stake is 20.00.", { exact: true }).waitFor({ timeout: 10_000 });
    await shoot(punter, "refused");
    await refusal.getByRole("button", { name: "Ok", exact: true }).click();
  });

  await step("the punter's Max now shows 20", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await punter.getByRole("button", { name: title }).filter({ hasText: description }).click({ timeout: 10_000 });
    await betDialog.getByRole("button", { name: /^Bet on Home:/ }).click();
    const max = await settledMax("20");
    assert(max === "20", `Max reads '${max}'`);
    await shoot(punter, "max");
  });

  await step("the main page shows the book's defaults and saves a new multiples cap", async () => {
    await bookie.goto(`${url}/mainpage`);
    const card = bookie.getByRole("region", { name: "Limits" });
    await card.getByText("Max multiples payout", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByText("10000", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByRole("button", { name: "Edit limits", exact: true }).click();
    const dialog = bookie.getByRole("dialog", { name: "Limits" });
    await dialog.getByLabel("Max stake", { exact: true }).fill("50");
    await dialog.getByLabel("Max multiples payout", { exact: true }).fill("2500");
    await shoot(bookie, "book-limits");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await card.getByText("2500", { exact: true }).waitFor({ timeout: 10_000 });
    const limits = (await bookieApi("GET", "/balances")).limits;
    assert(
      limits.maxStake === 50 && limits.maxPayoutPerEvent === null && limits.maxMultiplesPayout === 2500,
      `the book's limits are ${JSON.stringify(limits)}`,
    );
    await fitsThePhone(bookie, "/mainpage");
  });

  await step("both changes of limits appear in Changes, newest first, with what they were", async () => {
    await bookie.getByRole("button", { name: /^Changes/ }).click();
    await bookie.waitForURL(/\/changes$/, { timeout: 10_000 });
    const list = bookie.getByRole("list", { name: "Changes" });
    await list.getByText("Max multiples payout 10000 → 2500", { exact: false }).waitFor({ timeout: 10_000 });
    const limits = list.getByRole("listitem").filter({ hasText: "Max stake none → 20" });
    await limits.waitFor({ timeout: 10_000 });
    await shoot(bookie, "changes");
    await fitsThePhone(bookie, "/changes");
  });

  assertNoPageErrors(bookie, punter);
}

run(main);
