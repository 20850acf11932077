// What more than one browser-check script does the same way: in a plain browser tab
// (bookmaker.mjs, flows.mjs) and inside Telegram Web's page (telegram.mjs).
import { assert } from "./harness.mjs";

/** Records every text the main page's End time shows (run in the page, before it can change). */
export function recordEndTimes() {
  window.endTimesShown = [];
  const look = () => {
    for (const row of document.querySelectorAll(".bk-row"))
      if (row.textContent.startsWith("End time"))
        window.endTimesShown.push(row.querySelector(".bk-strong")?.textContent);
  };
  const watch = () =>
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch);
}

/** 'Unknown' is the spec's word for a subscription known to have no end, never for one still loading. */
export async function expectNoUnknownEndTime(pageOrFrame, when) {
  const shown = await pageOrFrame.evaluate(() => window.endTimesShown);
  assert(!shown.includes("Unknown"), `End time read 'Unknown' ${when}: ${JSON.stringify([...new Set(shown)])}`);
}

/**
 * The sign-in limit of one address reached (an office or a mobile network behind it), once: the
 * first POST /auth/telegram through `routable` (a page or a browser context) is answered 429
 * with Retry-After `retryAfter` seconds. Answers how many were refused so far.
 */
export async function refuseFirstSignIn(routable, apiUrl, retryAfter) {
  let refused = 0;
  await routable.route(`${apiUrl}/auth/telegram`, async (route) => {
    if (route.request().method() !== "POST" || refused > 0) return route.continue();
    refused++;
    return route.fulfill({
      status: 429,
      contentType: "application/json",
      headers: {
        "access-control-allow-origin": route.request().headers().origin ?? "*",
        "access-control-expose-headers": "Retry-After",
        "retry-after": String(retryAfter),
      },
      body: JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many requests." } }),
    });
  });
  return () => refused;
}
