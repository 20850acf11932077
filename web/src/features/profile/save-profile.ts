import type { BookmakerDto, Id } from "@worker/contract";
import { call } from "@/api/call";

/**
 * Creates the profile then sets its terms (docs/rules/screens.md, "Profile rules"), or,
 * when a profile exists (editing, or a create whose terms failed), renames it and sets terms.
 */
export async function saveProfile(existing: BookmakerDto | null, name: string, terms: string): Promise<Id> {
  let bookmakerId: Id;
  if (existing) {
    bookmakerId = existing.bookmakerId;
    if (existing.bookmakerName !== name) await call("POST /bookmakers/rename", { body: { name } });
  } else {
    ({ bookmakerId } = await call("PUT /bookmakers/register", { body: { name } }));
  }
  await call("POST /bookmakers/:bookmakerId/terms", { params: { bookmakerId }, body: { terms } });
  return bookmakerId;
}
