import * as v from "valibot";
import { LANGUAGES } from "../../common/languages";
import { Coins } from "./wire";

// The named answers of folders that may not import each other's: a language, coins, a download
// link, a staff role (the book's profile and its staff both answer it).

export const Ok = v.object({ ok: v.literal(true) });

export const Language = v.picklist(LANGUAGES);

export const StaffRole = v.picklist(["CLERK", "MANAGER"]);

export const Money = v.object({ amount: Coins, currency: v.literal("COIN") });

export const DownloadLink = v.object({ url: v.string(), fileName: v.string() });
