import { bookmakerOwnedBy } from "../bookmakers/queries";
import { AppError } from "../lib/errors";
import { quote, type CatalogueRow } from "../subscriptions/catalogue";
import { holdingOf, renewalCheck } from "../subscriptions/holdings";
import { NO_PROFILE } from "../../common/refusals";
import { en, words } from "../lib/words";

// Who may buy what, checked when the invoice is made and again at Telegram's pre-checkout
// (time has passed, another invoice may have been paid meanwhile).

export type PurchaseCheck = { ok: true; price: number } | { ok: false; error: AppError };

const day = (iso: string) => iso.slice(0, 10);

export async function checkPurchase(
  db: D1Database,
  userId: number,
  item: CatalogueRow,
  now = Date.now(),
): Promise<PurchaseCheck> {
  // BOOKMAKER comes first in the spec's order (subscribe, then create the profile); the rest
  // serve a book, so they need one.
  if (item.type !== "BOOKMAKER" && !(await bookmakerOwnedBy(db, userId))) {
    return { ok: false, error: new AppError("NOT_FOUND", 404, NO_PROFILE) };
  }
  if (item.period_days !== null) {
    const renewal = renewalCheck(await holdingOf(db, userId, item.type), now);
    if (!renewal.ok) {
      const message =
        renewal.reason === "TOO_EARLY"
          ? words("Renewal is available only eight days before the previous one expires: from {day}.", {
              day: day(renewal.from!),
            })
          : renewal.reason === "RENEWS_BY_ITSELF"
            ? words("This subscription renews automatically through Telegram on {day}.", { day: day(renewal.from!) })
            : en("This subscription has no end date; there is nothing to renew.");
      return {
        ok: false,
        error: new AppError("CONFLICT", 409, message, { reason: renewal.reason, renewableFrom: renewal.from }),
      };
    }
  }
  return { ok: true, price: await quote(db, userId, item) };
}
