// Browser smoke check: the mini-app built twice (dev mode and production) against the local API,
// each served with `vite preview` and driven in Chromium on a phone-size screen.
// `npm run test:e2e` (web/e2e/run.mjs) or alone. Needs Debian's Chromium (apt-get install chromium)
// and no internet. Plumbing in harness.mjs.
import { assert, assertNoPageErrors, check, log, phone, prepare, run, tapUntil } from "./harness.mjs";

const OOPS_TEXT = "You are using too old Telegram client to run this application";
const SHOTS = { splash: "/tmp/bookie-splash.png", home: "/tmp/bookie-home.png", oops: "/tmp/bookie-oops.png" };

async function main() {
  const { dev: devUrl, prod: prodUrl, browser } = await prepare(["dev", "prod"]);

  const dev = await phone(browser);
  await check("dev build at /?devUser=alice shows the splash, not Oops", async () => {
    await dev.goto(`${devUrl}/?devUser=alice`);
    await dev.getByRole("button", { name: "Start", exact: true }).waitFor({ timeout: 15_000 });
    assert((await dev.getByText("Oops", { exact: true }).count()) === 0, "the Oops screen is showing");
    await dev.screenshot({ path: SHOTS.splash });
  });

  await check("dev build signs alice in through the API (token in sessionStorage jwt)", async () => {
    await dev.waitForFunction(() => Boolean(sessionStorage.getItem("jwt")), null, { timeout: 10_000 });
  });

  await check("Start opens /home with its heading and footer", async () => {
    await dev.getByRole("button", { name: "Start", exact: true }).click();
    await dev.waitForURL(/\/home$/, { timeout: 5_000 });
    await dev.getByRole("heading", { level: 1, name: "Bookie", exact: true }).waitFor({ timeout: 5_000 });
    for (const name of ["Punters", "Bookie", "Poker"])
      await dev.getByRole("button", { name, exact: true }).waitFor({ timeout: 2_000 });
    await dev.screenshot({ path: SHOTS.home });
  });

  await check("dev build raised no page errors", async () => {
    assertNoPageErrors(dev);
  });

  await check("Bookie takes a user without a bookmaker profile to /subscription", async () => {
    const page = await phone(browser);
    await page.goto(`${devUrl}/home?devUser=smoke_${Date.now().toString(36)}`);
    const bookie = page.getByRole("button", { name: "Bookie", exact: true });
    await bookie.waitFor({ timeout: 15_000 });
    await tapUntil(page, bookie, /\/subscription$/); // taps while the profile loads do nothing
    await page.context().close();
  });

  await check("production build outside Telegram shows the Oops screen", async () => {
    const page = await phone(browser);
    await page.goto(`${prodUrl}/`);
    await page.getByRole("heading", { name: "Oops", exact: true }).waitFor({ timeout: 10_000 });
    assert((await page.getByText(OOPS_TEXT, { exact: true }).count()) === 1, "the Oops text is missing or changed");
    assert((await page.getByRole("button").count()) === 0, "something besides Oops is showing");
    await page.screenshot({ path: SHOTS.oops });
  });

  log(`screenshots: ${Object.values(SHOTS).join(", ")}`);
}

run(main);
