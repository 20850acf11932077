import type { BookmakerDto, Id } from "../../../../worker/contract";
import { bookCall } from "../../bookmaker/call";

/**
 * Creates the profile then sets its terms (spec: "creates the bookmaker, then sets terms"), or,
 * when a profile exists (editing, or a create whose terms failed), renames it and sets terms.
 */
export async function saveProfile(existing: BookmakerDto | null, name: string, terms: string): Promise<Id> {
  let bookmakerId: Id;
  if (existing) {
    bookmakerId = existing.bookmakerId;
    if (existing.bookmakerName !== name) await bookCall<BookmakerDto>("/bookmakers/rename", "POST", { name });
  } else {
    ({ bookmakerId } = await bookCall<{ bookmakerId: Id }>("/bookmakers/register", "PUT", { name }));
  }
  await bookCall<BookmakerDto>(`/bookmakers/${bookmakerId}/terms`, "POST", { terms });
  return bookmakerId;
}
