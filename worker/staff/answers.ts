import * as v from "valibot";
import { StaffRole } from "../lib/answers";
import { Id, Instant } from "../lib/wire";

// What staff/routes.ts answers (the role is lib/answers.ts's: the book's profile answers it too).

/** A member of a book's staff (PUT /bookmakers/{id}/staff). */
export const Staff = v.object({
  userId: Id,
  username: v.string(),
  role: StaffRole,
  since: v.pipe(Instant, v.description("When he was added.")),
});

export const StaffList = v.array(Staff);
