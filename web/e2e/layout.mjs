// Every screen of the app, in Arabic (right to left) and Russian (long words) on a 390 × 844
// phone: the bookmaker's and the punter's screens, their dialogs and sheets, and the bet
// dialog's stake menu open. A screen fails on
// - a page that scrolls sideways, or an element wider than the screen or past its edge;
// - a clipped control or text: drawn past the box that clips it (overflow other than visible),
//   cut by an ellipsis, or a select whose chosen option is wider than its field;
// - a word broken inside: one word of a text drawn on two lines; a button's label on two lines;
// - right to left, a chevron "›" pointing back, or a bar that grows from the far end;
// - a switch of another style than ui/Switch's, or a field under 16 px (iOS zooms in on it).
// The Arabic result dialog is opened in Telegram's night colours too: its texts at 4.5:1 on the
// backgrounds under them, the winner's tint included (axe-core audits every screen, harness.mjs).
// A screenshot of each screen goes to web/e2e/screens/<language>/<screen>.png (git-ignored),
// for a person to look at; CI keeps the workspace, so they are there after its run.
// One API, one browser, two phones per language reused screen to screen, the languages side by
// side; set-up through the API.
// `npm run test:e2e` runs it, or alone: `BOOKIE_E2E_API_PORT=0 node web/e2e/layout.mjs [ar,ru]`.
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  apiAs,
  assert,
  audit,
  buy,
  catalogue,
  check,
  log,
  openRoute,
  phone,
  prepare,
  publishRace,
  rand,
  repo,
  run,
  sleep,
} from "./harness.mjs";
import { openInTheme, THEMES } from "./telegram-themes.mjs";

const LANGUAGES = ["ar", "ru"];
/**
 * Phones at two device pixels per CSS pixel, as phones are: at one, glyphs' advances are rounded
 * and a label that wraps on a phone fitted. Screenshots are taken a CSS pixel a pixel, a quarter
 * of the work.
 */
const PHONE_2X = { timezoneId: "UTC", deviceScaleFactor: 2 };
const SCREENS = path.join(repo, "web/e2e/screens");

let url;
let browser;

/** What the page draws badly now (run in the page). */
function layoutFaults() {
  const faults = [];
  const width = innerWidth;
  const rtl = document.documentElement.dir === "rtl";
  const skip = (el) =>
    el.closest(".bot-drawer-toggle, .bot-drawer, .dev-telegram-back, .visually-hidden, [aria-hidden=true]");
  const shown = (el) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0;
  const name = (el) =>
    `<${el.tagName.toLowerCase()}${el.getAttribute("class") ? ` class="${el.getAttribute("class")}"` : ""}> "${(el.getAttribute("aria-label") || el.textContent || el.value || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;

  const page = document.documentElement.scrollWidth;
  if (page > width) faults.push(`the page scrolls sideways: ${page} px wide on a ${width} px screen`);

  // Past the screen, or past an ancestor that clips it (sideways only: lists scroll up and down).
  const clips = (el) => getComputedStyle(el).overflowX !== "visible";
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
    if (skip(el) || !shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.width > width + 1) {
      faults.push(`wider than the screen (${Math.round(box.width)} px): ${name(el)}`);
      continue;
    }
    if (box.left < -1 || box.right > width + 1) {
      faults.push(`off the screen (${Math.round(box.left)} to ${Math.round(box.right)} px): ${name(el)}`);
      continue;
    }
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (!clips(up)) continue;
      const edge = up.getBoundingClientRect();
      if (box.left < edge.left - 1 || box.right > edge.right + 1) {
        faults.push(`clipped by ${name(up)}: ${name(el)}`);
        break;
      }
    }
  }

  // Text cut by an ellipsis or a hidden overflow, a control's above all.
  for (const el of document.body.querySelectorAll("*")) {
    if (skip(el) || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (
      el.scrollWidth > el.clientWidth + 1 &&
      (style.textOverflow === "ellipsis" ||
        (style.overflowX === "hidden" && el.matches("button, a, label, [role=button], [role=option]")))
    )
      faults.push(`text cut (${el.scrollWidth} px in ${el.clientWidth}): ${name(el)}`);
  }
  // A button's label on one line: a word or two wrapped onto a second line reads as two labels.
  for (const control of document.querySelectorAll(".button, .link-button")) {
    if (skip(control) || !shown(control)) continue;
    const range = document.createRange();
    range.selectNodeContents(control);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0);
    if (lines.some((r) => Math.abs(r.top - lines[0].top) > r.height / 2))
      faults.push(`a label wrapped: ${name(control)}`);
  }
  // One switch across the app (ui/Switch.tsx): a pill-shaped track, whichever screen.
  for (const toggle of document.querySelectorAll("[role=switch]")) {
    if (skip(toggle) || !shown(toggle)) continue;
    const track = getComputedStyle(toggle, "::before");
    if (!toggle.matches(".switch-button")) faults.push(`a switch not drawn by ui/Switch: ${name(toggle)}`);
    else if (track.content === "none" || parseFloat(track.borderTopLeftRadius) < parseFloat(track.height) / 2 - 1)
      faults.push(`a square switch: ${name(toggle)}`);
  }
  // A field under 16 px: iOS zooms the page in when it is tapped, now that zoom is left on.
  for (const field of document.querySelectorAll(
    "input:not([type=checkbox], [type=radio], [type=hidden]), select, textarea",
  )) {
    if (skip(field) || !shown(field)) continue;
    const size = parseFloat(getComputedStyle(field).fontSize);
    if (size < 16) faults.push(`a field in ${size} px type (under 16 px iOS zooms in on it): ${name(field)}`);
  }
  // A select draws its chosen option in its own box: measured against it, less the arrow's room.
  const ruler = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select")) {
    if (skip(select) || !shown(select)) continue;
    const style = getComputedStyle(select);
    const option = select.selectedOptions[0]?.textContent ?? "";
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const arrow = style.appearance === "none" ? 0 : 24;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    const needs = ruler.measureText(option).width;
    if (needs > room + 1) faults.push(`select cut (${Math.round(needs)} px in ${Math.round(room)}): ${name(select)}`);
  }

  // A word drawn on two lines: broken inside.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest("script, style, svg") || skip(el) || !shown(el)) continue;
    for (const word of node.textContent.matchAll(/[\p{L}\p{M}\p{N}]{2,}/gu)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      if (lines.some((r) => Math.abs(r.top - lines[0].top) > r.height / 2)) {
        faults.push(`a word broken inside: "${word[0]}" in ${name(el)}`);
        break;
      }
    }
  }

  if (rtl) {
    // A chevron leads on toward where the text ends: the left, "‹", right to left.
    for (const el of document.body.querySelectorAll("*")) {
      if (skip(el) || !shown(el)) continue;
      for (const pseudo of ["::before", "::after"]) {
        const style = getComputedStyle(el, pseudo);
        const flipped = new DOMMatrix(style.transform === "none" ? undefined : style.transform).a < 0;
        if (style.content.includes("›") && !flipped) faults.push(`a chevron "›" pointing back: ${name(el)}${pseudo}`);
      }
    }
    // A bar grows from the start of its line, by its outcome's name: the right.
    // A bar: an image of a track and its fill, two rects.
    for (const bar of document.querySelectorAll("svg[role=img]")) {
      const rects = bar.querySelectorAll(":scope > rect");
      const fill = rects[1];
      if (rects.length !== 2 || bar.children.length !== 2 || !shown(bar) || fill.getBoundingClientRect().width === 0)
        continue;
      const [outer, inner] = [bar.getBoundingClientRect(), fill.getBoundingClientRect()];
      if (Math.abs(inner.right - outer.right) > 1) faults.push(`a bar grows from the left: ${name(bar)}`);
    }
  }
  return [...new Set(faults)];
}

/**
 * Texts under WCAG AA (4.5:1, 3:1 from 24 px or 18.7 px bold) against the backgrounds drawn under
 * them, tints included (run in the page): axe-core leaves a translucent background such as the
 * winner's row undecided rather than failing it.
 */
function lowContrast() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const rgba = (css) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [r2, g2, b2]) => [r * a + r2 * (1 - a), g * a + g2 * (1 - a), b * a + b2 * (1 - a), 1];
  const luminance = (rgb) =>
    rgb
      .slice(0, 3)
      .map((c) => c / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const found = [];
  for (const el of document.querySelectorAll("[role=dialog] *")) {
    const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (text.length === 0 || !el.checkVisibility()) continue;
    // The backgrounds from the element up to the first opaque one, laid over each other.
    const layers = [];
    for (let up = el; up; up = up.parentElement) {
      const bg = rgba(getComputedStyle(up).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] === 1) break;
    }
    const ground = layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255, 1]);
    const style = getComputedStyle(el);
    const ink = over(rgba(style.color), ground);
    const [hi, lo] = [luminance(ink), luminance(ground)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      found.push(`contrast ${ratio.toFixed(2)}:1 at ${size} px: "${el.textContent.trim().slice(0, 30)}"`);
  }
  return found;
}

/** Names of the user's own words in his script (docs/decisions/languages.md, "Names and texts in any script"). */
const OWN_SCRIPT = {
  ru: {
    book: "Контора",
    race: "Заезд",
    runners: ["Буран", "Ласточка", "Гром"],
    long: "на Большой всероссийский приз для чистокровных верховых",
  },
  ar: { book: "مكتب", race: "سباق", runners: ["برق", "رعد", "صقر"], long: "على الجائزة الكبرى للخيول العربية الأصيلة" },
};

/** Every screen in `language`; answers what is drawn badly, screen by screen. */
async function walk(language) {
  const id = rand();
  const own = OWN_SCRIPT[language];
  const theirs = await catalogue(language);
  const folder = path.join(SCREENS, language);
  mkdirSync(folder, { recursive: true });
  const faults = new Map(); // what is drawn badly → the screens it is on

  const signIn = async (user, route) => {
    const page = await phone(browser, PHONE_2X);
    await page.goto(`${url}${route}?devUser=${user}&devLang=${language}`);
    return { page, api: await apiAs(page) };
  };
  const [book, punter] = await Promise.all([signIn(`bk${id}`, "/home"), signIn(`pu${id}`, "/home")]);

  // A book with a live race the punter backed, a settled one he won, a draft, and a counter ticket.
  await buy(book.api, "BOOKMAKER");
  const { bookmakerId } = await book.api("PUT", "/bookmakers/register", { name: `${own.book} ${id}` });
  await book.api("PUT", `/bookmakers/${bookmakerId}/cashout`, { enabled: true, margin: 0.05 });
  const liveName = `${own.race} ${id} 1`;
  // A long name: lists and pickers of events wrap or fit it, never run off the screen.
  const doneName = `${own.race} ${id} 2 ${own.long}`;
  const live = await publishRace(book.api, bookmakerId, { description: liveName, runners: own.runners });
  const done = await publishRace(book.api, bookmakerId, { description: doneName, runners: own.runners });
  await punter.api("POST", `/bookmakers/${bookmakerId}/sign`);
  const [request] = await book.api("GET", "/bookmakers/requests");
  await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  const punterId = request.user.internalId;
  await book.api("POST", "/balances/add", { userId: punterId, balance: { amount: 300, currency: "COIN" } });
  for (const eventId of [live, done]) {
    const { items } = await book.api("GET", `/events/${eventId}`);
    await punter.api("POST", "/bets", { bookmakerId, eventId, eventItemId: items[0].id, amount: 20, coefficient: 2 });
  }
  const counterItem = (await book.api("GET", `/events/${live}`)).items[1];
  await book.api("POST", "/counter/bets", {
    bookmakerId,
    eventId: live,
    eventItemId: counterItem.id,
    amount: 5,
    coefficient: counterItem.currCoefficient,
  });
  // A price request open on the live race (above the price offered, so the book must answer it): the
  // main page shows it with its answers, the punter's events under the race.
  const asked = (await book.api("GET", `/events/${live}`)).items[2];
  await punter.api("POST", "/price-requests", {
    bookmakerId,
    eventId: live,
    eventItemId: asked.id,
    amount: 10,
    coefficient: asked.currCoefficient + 1,
  });
  const settled = await book.api("GET", `/events/${done}`);
  // The winner at an SP of evens: the result shows "SP 1/1" on the winner's tinted row.
  const winner = settled.items[0].id;
  await book.api("POST", `/events/${done}/finalize`, {
    eventId: done,
    winners: [winner],
    sp: [{ itemId: winner, coefficient: 2 }],
  });
  await Promise.all([book.page.reload(), punter.page.reload()]);

  const look = async (page, screen) => {
    await page.screenshot({ path: path.join(folder, `${screen}.png`), fullPage: true, scale: "css" });
    for (const fault of await page.evaluate(layoutFaults)) faults.set(fault, [...(faults.get(fault) ?? []), screen]);
  };
  // A button's name in the language; placeholders ("Cash out {value}: {bet}") match what fills them.
  const named = (english) =>
    new RegExp(
      `^${theirs
        .get(english)
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{\w+\}/g, ".+")}`,
    );
  const inDialog = async (page, screen, opener) => {
    await opener();
    await page.getByRole("dialog").first().waitFor({ timeout: 5_000 });
    await sleep(300);
    await look(page, screen);
    // Escape closes an open menu first, then the dialog.
    for (let i = 0; i < 3 && (await page.getByRole("dialog").count()) > 0; i++) {
      await page.keyboard.press("Escape");
      await page
        .getByRole("dialog")
        .first()
        .waitFor({ state: "hidden", timeout: 2_000 })
        .catch(() => {});
    }
  };
  const tap = (page, english) => () =>
    page
      .getByRole("button", { name: named(english) })
      .first()
      .click({ timeout: 10_000 });

  const b = book.page;
  for (const [screen, route] of [
    ["bookmaker-home", "/home"],
    ["mainpage", "/mainpage"],
    ["bookmakerevents", "/bookmakerevents"],
    ["playermanagement", "/playermanagement"],
    ["historyofuser", `/historyofuser/pu${id}`],
    ["marketpage", "/marketpage"],
    ["eventhistorypage", "/eventhistorypage"],
    ["figures", "/figures"],
    ["figures-punter", `/figures/punter/${punterId}`],
    ["renewsubscription", "/renewsubscription"],
    ["liability", "/liability"],
    ["changes", "/changes"],
    ["createeventpage", "/createeventpage"],
    ["eventmanagementpage", `/eventmanagementpage/${live}`],
    ["counter", "/counter"],
    ["counter-event", `/counter/${live}`],
    ["ticket", "/ticket"],
  ]) {
    await openRoute(b, route);
    await look(b, screen);
  }
  // Each-way terms of the bookmaker's own: places and fraction side by side.
  await openRoute(b, "/createeventpage");
  await b.locator('select:has(option[value="custom"])').selectOption("custom");
  await look(b, "createeventpage-each-way");
  await openRoute(b, "/mainpage");
  await inDialog(b, "guide", tap(b, "Bookmaker's Guide"));
  await inDialog(b, "cashout-edit", tap(b, "Edit cash out"));
  await openRoute(b, "/home");
  await inDialog(b, "bookmaker-notifications", tap(b, "Notifications"));
  await openRoute(b, "/playermanagement");
  await inDialog(b, "manage-punter", () =>
    b
      .getByRole("button")
      .filter({ hasText: `pu${id}` })
      .first()
      .click(),
  );
  await openRoute(b, "/eventhistorypage");
  await inDialog(b, "bookmaker-result", () => b.getByRole("button").filter({ hasText: doneName }).first().click());

  const p = punter.page;
  for (const [screen, route] of [
    ["punter-home", "/home"],
    ["bookies", "/bookies"],
    ["events", `/events/${bookmakerId}`],
    ["history", `/history/${bookmakerId}`],
    ["subscription", "/subscription"],
  ]) {
    await openRoute(p, route);
    await look(p, screen);
  }
  await openRoute(p, "/home");
  await inDialog(p, "faq", tap(p, "FAQ"));
  await inDialog(p, "punter-notifications", tap(p, "Notifications"));
  await openRoute(p, "/bookies");
  await inDialog(p, "terms", tap(p, "Terms and Conditions"));
  await openRoute(p, `/history/${bookmakerId}`);
  await inDialog(p, "cashout", tap(p, "Cash out {value}: {bet}"));
  await openRoute(p, `/events/${bookmakerId}`);
  await inDialog(p, "stake-menu", async () => {
    await p.getByRole("button").filter({ hasText: liveName }).first().click();
    await p.getByRole("dialog").first().waitFor({ timeout: 5_000 });
    await sleep(300);
    await look(p, "bet-dialog");
    // The stake menu of the first outcome, open.
    await p.getByRole("dialog").locator(".volume-button").first().click();
    await p.getByRole("listbox").first().waitFor({ timeout: 5_000 });
  });
  await inDialog(p, "result", () => p.getByRole("button").filter({ hasText: doneName }).first().click());
  if (language === "ar") {
    // The result in Telegram's night colours on their second surface (#232e3c, where the winner's
    // tint is #233d41), audited by axe-core (harness.mjs): the winner's "SP 1/1" reads at 4.5:1 too.
    const night = await phone(browser, PHONE_2X);
    const colours = { ...THEMES.dark, bg_color: THEMES.dark.secondary_bg_color };
    await openInTheme(night, colours, `${url}/events/${bookmakerId}?devUser=pu${id}&devLang=${language}`);
    await night.getByRole("button").filter({ hasText: doneName }).first().click({ timeout: 15_000 });
    await night.getByRole("dialog").first().waitFor({ timeout: 5_000 });
    await look(night, "result-night");
    for (const fault of await night.evaluate(lowContrast)) faults.set(fault, ["result-night"]);
    await audit(night, "the result dialog in Telegram's night colours");
  }
  return [...faults].map(([fault, screens]) => `${fault} (on ${screens.join(", ")})`);
}

async function main() {
  const chosen = process.argv[2]?.split(",") ?? LANGUAGES;
  ({ dev: url, browser } = await prepare(["dev"]));
  // The languages side by side: most of a walk is waiting on the API and the screens.
  await Promise.all(
    chosen.map((language) =>
      check(
        `every screen in ${language} at 390 × 844: nothing cut, no word broken, nothing past the screen`,
        async () => {
          const faults = await walk(language);
          // Every fault, not the report's first 30 lines: one run should show all there is to fix.
          for (const fault of faults) log(`     ${language}: ${fault}`);
          assert(faults.length === 0, `${faults.length} faults in ${language}, listed above`);
        },
      ),
    ),
  );
  log(`screenshots: ${SCREENS}/<language>/<screen>.png`);
}

run(main, { limitMs: 4 * 60_000 });
