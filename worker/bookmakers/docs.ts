import { doc } from "../lib/route-doc";
import { BookmakerDto, BookmakerLists, CreatedBook, Me } from "./answers";

export const me = doc({
  tag: "Identity",
  summary: "Who the caller is",
  description:
    "The caller, with his bookmaker profile (`bookmakerDto`, null if he has none), the book he works for and his role there (`staffOf`, null if none) and, in the last 7 days before a lapsed book is deleted, the day it goes (`bookDeletesOn`).",
  answer: Me,
});

export const directory = doc({
  tag: "Bookmakers",
  summary: "The books the caller can join",
  description:
    "`activeBookmakers`: the books the caller has joined or asked to join (CREATED or APPROVED); `inactiveBookmakers`: every other book (none or DECLINED), for search. His own book is in neither.",
  answer: BookmakerLists,
});

export const register = doc({
  tag: "Bookmakers",
  summary: "Create the caller's book",
  description:
    "Creates the caller's bookmaker profile with this name; needs an active BOOKMAKER subscription. A name may be in any script, 8 to 16 characters as a person sees them, stored in NFC; names are unique whatever their case, and none may look like another book's (Cyrillic о for Latin o, 0 for O).",
  answer: CreatedBook,
  errors: ["SUBSCRIPTION_REQUIRED", "CONFLICT", "NAME_TAKEN"],
});

export const rename = doc({
  tag: "Bookmakers",
  summary: "Rename the caller's book",
  description: "Renames the caller's book, by the rules of registering; answers its profile.",
  answer: BookmakerDto,
  errors: ["NOT_FOUND", "FORBIDDEN", "NAME_TAKEN"],
});

export const terms = doc({
  tag: "Bookmakers",
  summary: "Change the book's terms",
  description: "Replaces the terms punters read on the book's page; only its bookmaker may. Answers its profile.",
  answer: BookmakerDto,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
