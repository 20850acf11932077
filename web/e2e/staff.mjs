// Browser check of a book's staff (docs/rules/staff.md "Staff" and "The counter"), on the main page's Staff
// card: the owner adds a user who has opened the app as Clerk by his @username, sees him listed,
// is told why a punter of his book cannot be added, and removes the clerk after a confirm; the
// clerk's own session says whom he works for, then no one. axe-core audits the card and its
// dialogs. Screenshots (390x844) go to /tmp/bookie-staff-*.png. `npm run test:e2e` runs it, or alone.
import {
  apiAs,
  assert,
  assertNoPageErrors,
  audit,
  bookmakerPhone,
  fitsThePhone,
  phone,
  prepare,
  rand,
  run,
  step,
} from "./harness.mjs";

const SHOT = (name) => `/tmp/bookie-staff-${name}.png`;
const shoot = (page, name) => page.screenshot({ path: SHOT(name), scale: "css" });

async function main() {
  const { dev: url, browser } = await prepare(["dev"]);
  const id = rand();
  const { page: bookie, bookmakerId } = await bookmakerPhone(browser, url, `sf${id}`, `Staff${id}`);

  // The clerk-to-be and a punter of the book open the app once.
  const clerkUser = `cl${id}`;
  const clerk = await phone(browser, { timezoneId: "UTC" });
  await clerk.goto(`${url}/home?devUser=${clerkUser}`);
  const clerkApi = await apiAs(clerk);
  const punterUser = `pu${id}`;
  const punter = await phone(browser, { timezoneId: "UTC" });
  await punter.goto(`${url}/bookies?devUser=${punterUser}`);
  const punterApi = await apiAs(punter);
  await punterApi("POST", `/bookmakers/${bookmakerId}/sign`);

  const card = bookie.getByRole("region", { name: "Staff" });
  const list = card.getByRole("list", { name: "Staff" });

  /** Add staff: username and role, then Add; answers the dialog. */
  async function add(username, role) {
    await card.getByRole("button", { name: "Add staff", exact: true }).click();
    const dialog = bookie.getByRole("dialog", { name: "Add staff" });
    await dialog.getByLabel("Telegram username", { exact: true }).fill(username);
    await dialog.getByLabel("Role", { exact: true }).selectOption(role);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    return dialog;
  }

  await step("the owner adds a clerk by @username on the main page's Staff card", async () => {
    await bookie.goto(`${url}/mainpage`);
    await card.getByText("No staff yet.", { exact: true }).waitFor({ timeout: 10_000 });
    await card.getByRole("button", { name: "Add staff", exact: true }).click();
    await audit(bookie, "add staff dialog");
    await bookie.getByRole("dialog", { name: "Add staff" }).getByRole("button", { name: "Cancel" }).click();
    const dialog = await add(`@${clerkUser}`, "CLERK");
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
    await list.getByText(new RegExp(`^@${clerkUser} · Clerk`)).waitFor({ timeout: 10_000 });
    const me = await clerkApi("GET", "/bookmakers/authorizeMe");
    assert(
      me.staffOf?.bookmakerId === bookmakerId && me.staffOf.role === "CLERK",
      `staffOf: ${JSON.stringify(me.staffOf)}`,
    );
    await audit(bookie, "/mainpage with staff");
    await fitsThePhone(bookie, "/mainpage");
    await shoot(bookie, "card");
  });

  await step("a punter of the book cannot be added: the dialog says why", async () => {
    const dialog = await add(punterUser, "MANAGER");
    await dialog
      .getByRole("alert")
      .getByText(`@${punterUser} is a punter of this book; staff cannot bet in it.`, { exact: true })
      .waitFor({ timeout: 10_000 });
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  });

  await step("the owner removes the clerk after a confirm; the clerk works for no one", async () => {
    await card.getByRole("button", { name: `Remove @${clerkUser}`, exact: true }).click();
    const confirm = bookie.getByRole("dialog", { name: `Remove @${clerkUser} from your staff?` });
    await audit(bookie, "remove staff confirm");
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await card.getByText("No staff yet.", { exact: true }).waitFor({ timeout: 10_000 });
    const me = await clerkApi("GET", "/bookmakers/authorizeMe");
    assert(me.staffOf === null, `after removal staffOf is ${JSON.stringify(me.staffOf)}`);
  });

  assertNoPageErrors(bookie, clerk, punter);
}

run(main);
