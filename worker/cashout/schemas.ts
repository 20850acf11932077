import * as v from "valibot";
import { isWholeCents, PositiveCoins } from "../lib/money";
import { en } from "../lib/words";

// The bodies of the cash-out calls, in a module of their own: the mini-app types its calls by them.

/** The book's setting: on or off, and the margin kept, 0 to 0.5 with 2 decimals (as hundredths). */
export const CashOutSettingBody = v.object({
  enabled: v.boolean(en("Must be true or false.")),
  margin: v.pipe(
    v.number(en("Must be a number.")),
    v.finite(en("Must be a number.")),
    v.minValue(0, en("Must be between 0 and 0.5.")),
    v.maxValue(0.5, en("Must be between 0 and 0.5.")),
    v.check(isWholeCents, en("At most 2 decimals.")),
    v.transform((n) => Math.round(n * 100)),
  ),
});

/** Taking a cash-out: the value the punter was shown, in coins (cents once parsed). */
export const CashOutBody = v.object({ value: PositiveCoins });
