// Every language (README, "Languages"): a bookmaker's day (his counter too) and a punter's bet
// and result, screen by screen (and the Guide, FAQ, Settings, terms, bet and result dialogs), in
// each of the eight and in the pseudo-language. The dev build signs each phone in with Telegram's language_code
// (?devLang=), as a Telegram client would send it. On every screen:
// - no English left: no text of the English catalogue shows where the language has its own;
// - in the pseudo-language (every translated text accented, 40 % longer, in brackets), no word
//   outside brackets but the users' own (names, titles): a text the catalogues never see;
// - nothing cut or overflowing: no sideways scroll, no text wider than its box;
// - Arabic right to left (layout.mjs's screenshots in web/e2e/screens/ar; the pseudo-language's
//   in /tmp/bookie-lang-pseudo-*.png, any screen with a fault's in /tmp/bookie-lang-*.png).
// axe-core (harness.mjs) audits each screen in English and Arabic (right to left), and in
// Telegram's themes: Arabic in the dark one, Russian in the light one. The other languages have
// the same structure and colours (their screens are checked for words and fit alone), which is
// where the audits' minutes went. Set-up goes through the API.
import {
  apiAs,
  assert,
  audit,
  buy,
  catalogue,
  check,
  openRoute,
  phone,
  prepare,
  publishRace,
  rand,
  run,
  sleep,
} from "./harness.mjs";
import { openInTheme } from "./telegram-themes.mjs";

const LANGUAGES = ["en", "es", "pt-BR", "ru", "fr", "tr", "id", "ar"];
/** The languages axe-core audits without a theme (see above). */
const AUDITED = new Set(["en", "ar"]);
const MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*";
/** A date as English writes it, or a period as Intl's formatRange does ("Nov 23 – 29, 2026", "Nov 30 – Dec 6, 2026"). */
const DAY = `(\\d{1,2} ${MONTH},? \\d{4}|${MONTH} \\d{1,2}, \\d{4})`;
const DATE = new RegExp(`^(${DAY}|${MONTH} \\d{1,2}\\s+–\\s+(${MONTH} )?\\d{1,2}, \\d{4}|${DAY}\\s+–\\s+${DAY})$`);

let url;
let browser;

/**
 * The English texts that would show as they are if left untranslated: whole messages without
 * placeholders, of two words or more, that `language` writes otherwise.
 */
async function englishLeftovers(language) {
  if (language === "en" || language === "pseudo") return [];
  const theirs = await catalogue(language);
  return [...theirs]
    .filter(([english, translated]) => !/[{<]/.test(english) && /\w+\W+\w+/.test(english) && translated !== english)
    .map(([english]) => english);
}

/** A phone signed in as `user` whose Telegram speaks `language`, at `route`, in `theme` if given. */
async function phoneIn(language, user, route, theme) {
  // Audited where the walk audits (screenFaults): the other languages' screens have the same
  // structure and colours, and auditing each of their screens too was a third of the walks' time.
  const audited = theme !== undefined || AUDITED.has(language);
  const page = await phone(browser, { timezoneId: "UTC", audited });
  const address = `${url}${route}?devUser=${user}&devLang=${language}`;
  if (theme) await openInTheme(page, theme, address);
  else await page.goto(address);
  return { page, api: await apiAs(page), user };
}

/** Every visible text of the page, each text node trimmed. */
const visibleTexts = (page) =>
  page.evaluate(() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent.trim();
      if (!text || !el || el.closest("script, style, .bot-drawer-toggle, .dev-telegram-back, [aria-hidden=true]"))
        continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      texts.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]"))
      for (const name of ["aria-label", "placeholder", "title"])
        if (el.getAttribute(name) && el.checkVisibility()) texts.push(el.getAttribute(name).trim());
    return texts;
  });

/** Texts drawn past their element's box (cut off, or spilling over what is beside them). */
const overflowing = (page) =>
  page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.querySelector("#root"), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el.checkVisibility() || el.closest("svg, .visually-hidden")) continue;
      // The nearest box that clips or lays out the text: the element itself unless it is inline.
      let box = el;
      while (box.parentElement && getComputedStyle(box).display === "inline") box = box.parentElement;
      const edge = box.getBoundingClientRect();
      // Word by word: a space left hanging at the end of a wrapped line is drawn past the box.
      for (const word of node.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const text = range.getBoundingClientRect();
        if (text.left < edge.left - 1 || text.right > edge.right + 1 || text.right > innerWidth + 1 || text.left < -1) {
          found.push(
            `<${box.tagName.toLowerCase()} class="${box.className}"> "${node.textContent.trim().slice(0, 40)}"`,
          );
          break;
        }
      }
    }
    return found;
  });

/** What a screen in `language` shows wrong; `own` are the users' own words (names, titles). */
async function screenFaults(page, language, where, own, leftovers, audited) {
  const faults = [];
  const texts = await visibleTexts(page);
  for (const english of leftovers)
    if (texts.some((t) => t === english)) faults.push(`${where}: English left: "${english}"`);
  if (language === "pseudo") {
    for (const text of texts) {
      let rest = text.replace(/\[[^\]]*\]/g, " ");
      for (const word of own) rest = rest.split(word).join(" ");
      // Dates are written in English in the pseudo-language (it formats as English does).
      if (/^https?:\/\//.test(rest.trim()) || DATE.test(rest.trim())) continue;
      const stray = rest.match(/[A-Za-z]{2,}/g)?.filter((w) => !["Bookie", "Telegram"].includes(w));
      if (stray?.length) faults.push(`${where}: not from a catalogue: "${text}"`);
    }
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) faults.push(`${where}: scrolls sideways (${wide}px)`);
  for (const cut of await overflowing(page)) faults.push(`${where}: text wider than its box: ${cut}`);
  // Arabic's screens are layout.mjs's screenshots (web/e2e/screens/ar).
  if (language === "pseudo" || faults.length > 0) {
    const name = where.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
    await page.screenshot({ path: `/tmp/bookie-lang-${language}-${name}.png` });
  }
  if (audited) await audit(page, `${where} (${language})`);
  return faults;
}

/**
 * In Russian and Arabic the bookmaker writes in his own script: his book's name, the races'
 * descriptions and the runners (docs/decisions/languages.md, "Names and texts in any script").
 */
const OWN_SCRIPT = {
  ru: { book: "Контора", race: "Заезд", runners: ["Буран", "Ласточка", "Гром"] },
  ar: { book: "مكتب", race: "سباق", runners: ["برق", "رعد", "صقر"] },
};

/** The bookmaker's day and the punter's bet and result in `language`; answers what is wrong. */
async function walk(language, theme) {
  const id = rand();
  const script = OWN_SCRIPT[language];
  const bookName = script ? `${script.book} ${id}` : `Book${id}`;
  const liveName = script ? `${script.race} ${id} 1` : `Live ${id}`;
  const doneName = script ? `${script.race} ${id} 2` : `Done ${id}`;
  const runners = script?.runners ?? ["Red Rum", "Shergar", "Arkle"];
  const book = await phoneIn(language, `bk${id}`, "/home", theme);
  const punter = await phoneIn(language, `pu${id}`, "/home", theme);
  const lang = await book.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  const expectedLang = language === "pseudo" ? "en" : language;
  assert(lang[0] === expectedLang, `the page's lang is ${lang[0]}, not ${expectedLang}`);
  assert(lang[1] === (language === "ar" ? "rtl" : "ltr"), `the page's dir is ${lang[1]} in ${language}`);

  // A book with a live race the punter backed and a settled one he won.
  await buy(book.api, "BOOKMAKER");
  const { bookmakerId } = await book.api("PUT", "/bookmakers/register", { name: bookName });
  // Cash out on: the punter's open bet offers it in his history.
  await book.api("PUT", `/bookmakers/${bookmakerId}/cashout`, { enabled: true, margin: 0.05 });
  const live = await publishRace(book.api, bookmakerId, { description: liveName, runners });
  const done = await publishRace(book.api, bookmakerId, { description: doneName, runners });
  await punter.api("POST", `/bookmakers/${bookmakerId}/sign`);
  const [request] = await book.api("GET", "/bookmakers/requests");
  await book.api("POST", `/bookmakers/requests/${request.joinRequest.id}/approve`);
  const punterId = request.user.internalId;
  await book.api("POST", "/balances/add", { userId: punterId, balance: { amount: 300, currency: "COIN" } });
  for (const eventId of [live, done]) {
    const event = await book.api("GET", `/events/${eventId}`);
    const item = event.items[0];
    await punter.api("POST", "/bets", { bookmakerId, eventId, eventItemId: item.id, amount: 20, coefficient: 2 });
  }
  // A counter ticket on the live race: the Counter's screens show it.
  const counterItem = (await book.api("GET", `/events/${live}`)).items[1];
  const { code } = await book.api("POST", "/counter/bets", {
    bookmakerId,
    eventId: live,
    eventItemId: counterItem.id,
    amount: 5,
    coefficient: counterItem.currCoefficient,
  });
  const settled = await book.api("GET", `/events/${done}`);
  await book.api("POST", `/events/${done}/finalize`, { eventId: done, winners: [settled.items[0].id] });
  await Promise.all([book.page.reload(), punter.page.reload()]);

  const own = [bookName, `bk${id}`, `pu${id}`, liveName, doneName, "Horse Racing", "Ireland", ...runners].concat([
    "Shergar",
    "Arkle",
    "Race",
    code.slice(0, 5),
    code.slice(5),
  ]);
  const leftovers = await englishLeftovers(language);
  const audited = theme !== undefined || AUDITED.has(language);
  const faults = [];
  const b = book.page;
  for (const route of [
    "/home",
    "/mainpage",
    "/bookmakerevents",
    "/playermanagement",
    `/historyofuser/pu${id}`,
    "/marketpage",
    "/eventhistorypage",
    "/figures",
    `/figures/punter/${punterId}`,
    "/renewsubscription",
    "/liability",
    "/changes",
    "/createeventpage",
    `/eventmanagementpage/${live}`,
    "/counter",
    `/counter/${live}`,
    "/ticket",
  ]) {
    await openRoute(b, route);
    faults.push(...(await screenFaults(b, language, `bookmaker ${route.split("/")[1]}`, own, leftovers, audited)));
  }
  const p = punter.page;
  for (const route of ["/home", "/bookies", `/events/${bookmakerId}`, `/history/${bookmakerId}`, "/subscription"]) {
    await openRoute(p, route);
    faults.push(...(await screenFaults(p, language, `punter ${route.split("/")[1]}`, own, leftovers, audited)));
    // The names he typed in his own script read back as typed.
    if (route === "/bookies" && !(await visibleTexts(p)).some((text) => text.includes(bookName)))
      faults.push(`punter bookies: the book's name "${bookName}" is not shown`);
  }
  // Dialogs, opened by their buttons' names in the language (the pseudo-language's are the screens').
  if (language !== "pseudo") {
    const theirs = await catalogue(language);
    // A name with placeholders ("Cash out {value}: {bet}") matches whatever fills them.
    const named = (english) =>
      new RegExp(
        `^${(language === "en" ? english : theirs.get(english))
          .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace(/\{\w+\}/g, ".+")}`,
      );
    const dialog = async (page, route, english, where) => {
      await openRoute(page, route);
      await page
        .getByRole("button", { name: named(english) })
        .first()
        .click({ timeout: 10_000 });
      await page.getByRole("dialog").first().waitFor({ timeout: 5_000 });
      await sleep(300);
      faults.push(...(await screenFaults(page, language, where, own, leftovers, audited)));
      await page.keyboard.press("Escape");
    };
    await dialog(b, "/mainpage", "Bookmaker's Guide", "bookmaker guide");
    await dialog(p, "/home", "FAQ", "punter FAQ");
    await dialog(p, "/home", "Notifications", "punter settings");
    await dialog(p, "/bookies", "Terms and Conditions", "punter terms");
    await dialog(b, "/mainpage", "Edit cash out", "bookmaker cash out");
    await dialog(p, `/history/${bookmakerId}`, "Cash out {value}: {bet}", "punter cash out");
  }
  // The bet dialog on the live race, then the settled race's result.
  await openRoute(p, `/events/${bookmakerId}`);
  await p.getByRole("button").filter({ hasText: liveName }).first().click();
  await p.getByRole("dialog").first().waitFor({ timeout: 5_000 });
  await sleep(300);
  faults.push(...(await screenFaults(p, language, "punter bet dialog", own, leftovers, audited)));
  // The settled race's result, as its card opens it.
  await p.keyboard.press("Escape");
  await p.getByRole("dialog").first().waitFor({ state: "hidden", timeout: 5_000 });
  await p.getByRole("button").filter({ hasText: doneName }).first().click();
  await p.getByRole("dialog").first().waitFor({ timeout: 5_000 });
  await sleep(300);
  faults.push(...(await screenFaults(p, language, "punter result", own, leftovers, audited)));
  return faults;
}

/**
 * The walks: every language and the pseudo-language, then two in Telegram's themes. `node
 * web/e2e/languages.mjs en,ar,ar-dark` walks those only: run.mjs hands them out in three shards,
 * which run beside the other scripts rather than one long script at the end.
 */
const WALKS = [...LANGUAGES, "pseudo", "ar-dark", "ru-light"];

async function main() {
  const chosen = process.argv[2]?.split(",") ?? WALKS;
  const unknown = chosen.filter((walk) => !WALKS.includes(walk));
  assert(unknown.length === 0, `no walk named ${unknown.join(", ")}: the walks are ${WALKS.join(", ")}`);
  ({ dev: url, browser } = await prepare(["dev"]));
  for (const walkName of chosen) {
    const [language, theme] = walkName.split(/-(?=dark$|light$)/);
    const name = theme
      ? `${language} in Telegram's ${theme} theme (axe-core at the end)`
      : `a bookmaker's day and a punter's bet and result in ${language}: all translated, nothing cut`;
    await check(name, async () => {
      const faults = await walk(language, theme);
      assert(faults.length === 0, faults.join("\n"));
    });
  }
}

run(main, { limitMs: 12 * 60_000 });
