import * as v from "valibot";
import { en } from "../lib/words";

/** PUT /bookmakers/{id}/staff: a Telegram username (with or without '@') and the role he is given. */
export const StaffBody = v.object({
  username: v.pipe(
    v.string(en("Must be a Telegram username.")),
    v.trim(),
    v.transform((name) => name.replace(/^@/, "")),
    v.regex(/^[A-Za-z0-9_]{1,32}$/, en("Must be a Telegram username.")),
  ),
  role: v.picklist(["CLERK", "MANAGER"], en("Must be CLERK or MANAGER.")),
});
