// Browser journey of a multiple (docs/decisions/events.md, "Multiples"): a bookmaker has three races open (set up through the
// API); a punter, on his own phone, taps "+ Slip" on a runner of each, reads the kinds three legs
// allow with their lines, the total and the potential return in the bet slip, and places a Treble;
// his history shows it pending. Two tabs of the bookmaker's settle the races through the Draft
// screen's End Event, two of them at once; the punter then reads the Treble WON with its return,
// and his coins are up by exactly that; the bookmaker's history of the punter shows it too. In
// Telegram's light and dark themes, axe-core audits the slip and both histories with a multiple.
// Screenshots (390x844) go to /tmp/bookie-multiples-*.png.
// `npm run test:e2e` runs it (web/e2e/run.mjs), or alone.
import {
  anotherTab,
  apiAs,
  assert,
  assertNoPageErrors,
  audit,
  bookmakerPhone,
  check,
  fitsThePhone,
  log,
  phone,
  prepare,
  rand,
  run,
  step,
  throughDraftQuestion,
} from "./harness.mjs";
import { openInTheme, THEMES } from "./telegram-themes.mjs";

const SHOT = (name) => `/tmp/bookie-multiples-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });
const HOUR = 3_600_000;
const COINS = 500;
/** The stake per line; the Treble's one line returns it × 2.5 × 1.8 × 3 = 13.5 of it. */
const UNIT = 10;
const TREBLE_RETURN = 135;
/** A Trixie's 4 lines: the three doubles (4.5 + 7.5 + 5.4) and the treble (13.5), per unit. */
const TRIXIE_RETURN = 309;

/** Three races of one afternoon, each in its own country so the list tells them apart; the punter backs `pick`. */
const RACES = [
  { title: "Horse Racing / Ireland", pick: "Red Rum", odds: 2.5, other: "Arkle" },
  { title: "Horse Racing / United Kingdom", pick: "Shergar", odds: 1.8, other: "Mill Reef" },
  { title: "Horse Racing / France", pick: "Sea Bird", odds: 3, other: "Dancing Brave" },
];

let url;
let browser;

/** Publishes a race of `race`'s two runners, starting in 3 hours; answers its id. */
async function publish(api, bookmakerId, race, description) {
  const start = Date.now() + 3 * HOUR;
  const { eventId } = await api("POST", "/drafts", {
    title: race.title,
    description,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + HOUR).toISOString(),
    bookmakerId,
    maxTotalPayout: 1000,
    items: [
      { title: race.pick, coefficient: race.odds },
      { title: race.other, coefficient: 2 },
    ],
    returnPrice: 0.5,
    botEqualizer: false,
  });
  await api("POST", "/events", { draftId: eventId });
  return eventId;
}

/** `user` asks to join the book, its bookmaker approves him and gives him COINS (all through the API). */
async function join(punterApi, bookieApi, bookmakerId, user) {
  await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);
  const request = (await bookieApi("GET", "/bookmakers/requests")).find((r) => r.user.username === user);
  assert(request, `no join request from ${user}`);
  await bookieApi("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  await bookieApi("POST", "/balances/add", {
    userId: request.user.internalId,
    balance: { amount: COINS, currency: "COIN" },
  });
}

/** On the punter's event list: "+ Slip" on his runner in each race; the bar then counts 3 selections. */
async function pickAll(page) {
  for (const race of RACES) {
    const pick = page
      .getByRole("group", { name: `Slip: ${race.title}`, exact: true })
      .getByRole("button", { name: `${race.pick} ${race.odds} + Slip`, exact: true });
    await pick.click({ timeout: 10_000 });
    const picked = page
      .getByRole("group", { name: `Slip: ${race.title}`, exact: true })
      .getByRole("button", { name: `${race.pick} ${race.odds} ✓ Slip`, exact: true });
    assert((await picked.getAttribute("aria-pressed")) === "true", `${race.pick} is not marked in the slip`);
  }
  await page.getByRole("button", { name: "Bet slip · 3 selections", exact: true }).waitFor({ timeout: 5_000 });
}

/** Opens the slip from its bar and types the stake per line; answers the dialog. */
async function openSlip(page) {
  await page.getByRole("button", { name: "Bet slip · 3 selections", exact: true }).click();
  const slip = page.getByRole("dialog", { name: "Bet slip" });
  await slip.waitFor({ timeout: 5_000 });
  await slip.getByLabel("Stake per line", { exact: true }).fill(String(UNIT));
  return slip;
}

/** Place in the slip: the API takes the multiple and the receipt names it; answers the multiple. */
async function place(page, slip) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/bets/multiple",
    { timeout: 10_000 },
  );
  await slip.getByRole("button", { name: "Place", exact: true }).click();
  const res = await answer;
  assert(res.ok(), `POST /bets/multiple answered ${res.status()} ${await res.text()}`);
  const receipt = page.getByRole("dialog", { name: "Your bet is successful" });
  await receipt.getByText("Treble · 1 line", { exact: true }).waitFor({ timeout: 5_000 });
  return { multiple: await res.json(), receipt };
}

async function main() {
  ({ dev: url, browser } = await prepare(["dev"]));
  const id = rand();
  const bookieUser = `mb${id}`;
  const punterUser = `mp${id}`;

  const {
    page: bookie,
    api: bookieApi,
    bookmakerId,
  } = await bookmakerPhone(browser, url, `${bookieUser}`, `Multi${id}`);
  for (const [i, race] of RACES.entries()) {
    race.description = `Race ${i + 1} ${id}`;
    race.eventId = await publish(bookieApi, bookmakerId, race, race.description);
  }

  const punter = await phone(browser, { timezoneId: "UTC" });
  await punter.goto(`${url}/bookies?devUser=${punterUser}`);
  const punterApi = await apiAs(punter);
  await join(punterApi, bookieApi, bookmakerId, punterUser);
  const coins = async () => Math.round((await punterApi("GET", `/balances/${bookmakerId}`)).amount * 100);
  const history = () => punter.getByRole("rowgroup", { name: "Treble · 1 line", exact: true });
  let multipleId;
  let coinsPlaced;

  await step("the punter taps '+ Slip' on a runner in each of the three races: 'Bet slip · 3 selections'", async () => {
    await punter.goto(`${url}/events/${bookmakerId}`);
    await pickAll(punter);
    await shoot(punter, "picks");
    await fitsThePhone(punter, "/events");
  });

  await step(
    "the slip lists the legs and offers Treble, Trixie and Patent; total and return follow the kind",
    async () => {
      const slip = await openSlip(punter);
      const legs = slip.getByRole("list", { name: "Selections" }).getByRole("listitem");
      assert((await legs.count()) === 3, `the slip lists ${await legs.count()} selections`);
      for (const race of RACES)
        await slip
          .getByRole("listitem", { name: `${race.title}, ${race.pick}`, exact: true })
          .waitFor({ timeout: 2_000 });
      const kinds = await slip
        .getByRole("radio")
        .evaluateAll((radios) => radios.map((r) => `${r.labels[0].textContent}${r.checked ? " (picked)" : ""}`));
      assert(
        kinds.join(", ") === "Treble · 1 line (picked), Trixie · 4 lines, Patent · 7 lines",
        `the kinds offered: ${kinds.join(", ")}`,
      );
      await slip.getByText(`Total: ${UNIT} (1 × ${UNIT})`, { exact: true }).waitFor({ timeout: 2_000 });
      await slip.getByText(`Potential return: ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 2_000 });
      await slip.getByRole("radio", { name: "Trixie · 4 lines", exact: true }).check();
      await slip.getByText(`Total: ${4 * UNIT} (4 × ${UNIT})`, { exact: true }).waitFor({ timeout: 2_000 });
      await slip.getByText(`Potential return: ${TRIXIE_RETURN}`, { exact: true }).waitFor({ timeout: 2_000 });
      await slip.getByRole("radio", { name: "Treble · 1 line", exact: true }).check();
      await slip.getByText(`Potential return: ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 2_000 });
      await shoot(punter, "slip");
      await audit(punter, "the bet slip");
    },
  );

  await step("he places the Treble: the receipt, the slip emptied, his coins down by the stake", async () => {
    const before = await coins();
    const { multiple, receipt } = await place(punter, punter.getByRole("dialog", { name: "Bet slip" }));
    assert(
      multiple.kind === "TREBLE" && multiple.lines === 1 && multiple.potentialPayout === TREBLE_RETURN,
      `the API took ${JSON.stringify(multiple)}`,
    );
    multipleId = multiple.multipleId;
    await receipt.getByText(`${UNIT} × 1 line = ${UNIT} staked`, { exact: true }).waitFor({ timeout: 2_000 });
    await receipt.getByText(`Potential return: ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 2_000 });
    await shoot(punter, "receipt");
    await receipt.getByRole("button", { name: "Ok", exact: true }).click();
    await receipt.waitFor({ state: "detached", timeout: 5_000 });
    assert((await punter.getByRole("button", { name: /^Bet slip · / }).count()) === 0, "the slip's bar stayed");
    coinsPlaced = await coins();
    assert(
      coinsPlaced === before - UNIT * 100,
      `he holds ${coinsPlaced / 100} after staking ${UNIT} of ${before / 100}`,
    );
    const header = punter.locator(".events-coins b");
    await header.getByText(String(coinsPlaced / 100), { exact: true }).waitFor({ timeout: 10_000 });
  });

  await step("his History shows the Treble pending: three open legs, the stake and the potential return", async () => {
    await punter.getByRole("button", { name: "History", exact: true }).click();
    await punter.waitForURL(new RegExp(`/history/${bookmakerId}$`), { timeout: 5_000 });
    await history().getByText(`Potential return ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 10_000 });
    await history().getByText(`${UNIT} × 1 line = ${UNIT} staked`, { exact: true }).waitFor({ timeout: 2_000 });
    assert((await history().getByText("Open", { exact: true }).count()) === 3, "not three open legs");
    await shoot(punter, "history-pending");
    await fitsThePhone(punter, "/history");
  });

  for (const theme of Object.keys(THEMES))
    await check(`in Telegram's ${theme} theme: the slip and both histories with a multiple pass axe`, () =>
      auditInTheme(theme, { bookieUser, bookieApi, bookmakerId, id }),
    );

  // Two windows of the bookmaker's: the first two races settle one in each, at once.
  const tabs = [bookie, await anotherTab(bookie)];
  await tabs[1].goto(`${url}/bookmakerevents?devUser=${bookieUser}`);

  /** On `page`: the race's Draft screen from the list, its pick at PLACE 1, End Event, confirmed. */
  async function settle(page, race) {
    await page.goto(`${url}/bookmakerevents`);
    const card = page.getByRole("article").filter({ hasText: race.description });
    await card.getByRole("button", { name: "Draft", exact: true }).click({ timeout: 10_000 });
    await throughDraftQuestion(page, new RegExp(`/eventmanagementpage/${race.eventId}$`));
    await page
      .getByRole("region", { name: "Member list" })
      .getByLabel(`Place of ${race.pick}`, { exact: true })
      .selectOption("1", { timeout: 10_000 });
    await page.getByRole("button", { name: "End Event", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "End the event?" });
    await confirm.getByText(`Winner: ${race.pick}.`, { exact: false }).waitFor({ timeout: 5_000 });
    const settled = page.waitForResponse((r) => new URL(r.url()).pathname === `/events/${race.eventId}/finalize`, {
      timeout: 10_000,
    });
    await confirm.getByRole("button", { name: "End Event", exact: true }).click();
    assert((await settled).ok(), `finalize of ${race.title} answered ${(await settled).status()}`);
    await page.waitForURL(/\/bookmakerevents$/, { timeout: 10_000 });
  }

  await step(
    "two bookmaker tabs settle the first two races at once: the Treble has two legs won, one open",
    async () => {
      // The second tab opens the list again as soon as it has loaded: it is still the bookmaker.
      await Promise.all([settle(tabs[0], RACES[0]), settle(tabs[1], RACES[1])]);
      await punter.reload();
      await history().getByText("Won", { exact: true }).nth(1).waitFor({ timeout: 10_000 });
      assert((await history().getByText("Open", { exact: true }).count()) === 1, "not one leg open");
      await history().getByText(`Potential return ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 2_000 });
      assert((await coins()) === coinsPlaced, "coins moved before the last leg settled");
    },
  );

  await step(
    `the second tab settles the third: the punter sees the Treble won, ${TREBLE_RETURN}, and exact coins`,
    async () => {
      await settle(tabs[1], RACES[2]);
      await punter.reload();
      await history().getByText(`Won ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 10_000 });
      assert((await history().getByText("Won", { exact: true }).count()) === 3, "not three legs won");
      const [multiple] = (await punterApi("GET", `/bets/${bookmakerId}/multiples`)).filter(
        (m) => m.multipleId === multipleId,
      );
      assert(
        multiple?.status === "WON" && multiple.payout === TREBLE_RETURN,
        `the API has the Treble ${multiple?.status}, paid ${multiple?.payout}`,
      );
      const now = await coins();
      assert(
        now === coinsPlaced + TREBLE_RETURN * 100,
        `he holds ${now / 100}, expected ${(coinsPlaced + TREBLE_RETURN * 100) / 100}`,
      );
      await shoot(punter, "history-won");
      await punter.goto(`${url}/events/${bookmakerId}`);
      await punter
        .locator(".events-coins b")
        .getByText(String(now / 100), { exact: true })
        .waitFor({ timeout: 10_000 });
    },
  );

  await step("the bookmaker's history of the punter shows the Treble won, leg by leg", async () => {
    const page = tabs[0];
    await page.goto(`${url}/playermanagement`);
    await page.getByRole("button", { name: new RegExp(`^@${punterUser} `) }).click({ timeout: 10_000 });
    await page
      .getByRole("dialog", { name: `@${punterUser}` })
      .getByRole("button", { name: "History", exact: true })
      .click();
    await page.waitForURL(new RegExp(`/historyofuser/${punterUser}$`), { timeout: 5_000 });
    const card = page.getByRole("article", { name: "Treble · 1 line", exact: true });
    await card.getByText(`Won ${TREBLE_RETURN}`, { exact: true }).waitFor({ timeout: 10_000 });
    for (const race of RACES) {
      const row = card.getByRole("row").filter({ hasText: race.pick });
      await row.getByText("Won", { exact: true }).waitFor({ timeout: 2_000 });
      // The race reads on a line of its own under the runner, not run on after his name.
      const runner = await row.getByText(race.pick, { exact: true }).boundingBox();
      const event = await row.getByText(race.title, { exact: true }).boundingBox();
      assert(
        runner && event && event.y >= runner.y + runner.height - 1,
        `${race.pick}'s race is not on a line of its own: ${JSON.stringify({ runner, event })}`,
      );
    }
    await card.getByText(`${UNIT} × 1 line = ${UNIT} staked`, { exact: true }).waitFor({ timeout: 2_000 });
    await shoot(page, "history-of-user");
    await fitsThePhone(page, "/historyofuser");
  });

  await step("no page errors on any phone", async () => {
    assertNoPageErrors(bookie, punter, tabs[1]);
  });
  log("screenshots: /tmp/bookie-multiples-*.png");
}

/**
 * In Telegram's `theme`: a punter of the book builds the same three races into a slip (audited
 * open), places the Treble and opens his History; the bookmaker opens that punter's history from
 * My Punters. Each screen is audited by the harness, the dialog here.
 */
async function auditInTheme(theme, { bookieUser, bookieApi, bookmakerId, id }) {
  const user = `m${theme.slice(0, 1)}${id}`;
  const punter = await phone(browser, { timezoneId: "UTC" });
  await openInTheme(punter, theme, `${url}/bookies?devUser=${user}`);
  await join(await apiAs(punter), bookieApi, bookmakerId, user);
  // Into the book as a tap on it would (a reload would lose Telegram's theme from the address).
  await punter.evaluate((route) => {
    history.pushState(null, "", route);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/events/${bookmakerId}`);
  await pickAll(punter);
  const slip = await openSlip(punter);
  await audit(punter, `the bet slip (${theme})`);
  await shoot(punter, `slip-${theme}`);
  const { receipt } = await place(punter, slip);
  await audit(punter, `the multiple's receipt (${theme})`);
  await receipt.getByRole("button", { name: "Ok", exact: true }).click();
  await punter.getByRole("button", { name: "History", exact: true }).click();
  await punter.getByRole("rowgroup", { name: "Treble · 1 line", exact: true }).waitFor({ timeout: 10_000 });
  await audit(punter, `/history with a multiple (${theme})`);
  await shoot(punter, `history-${theme}`);

  const book = await phone(browser, { timezoneId: "UTC" });
  await openInTheme(book, theme, `${url}/playermanagement?devUser=${bookieUser}`);
  await book.getByRole("button", { name: new RegExp(`^@${user} `) }).click({ timeout: 10_000 });
  await book
    .getByRole("dialog", { name: `@${user}` })
    .getByRole("button", { name: "History", exact: true })
    .click();
  await book.getByRole("article", { name: "Treble · 1 line", exact: true }).waitFor({ timeout: 10_000 });
  await audit(book, `/historyofuser with a multiple (${theme})`);
  await shoot(book, `history-of-user-${theme}`);
  assertNoPageErrors(punter, book);
  await Promise.all([punter.context().close(), book.context().close()]);
}

run(main, { limitMs: 4 * 60_000 });
