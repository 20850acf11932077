import { doc } from "../lib/route-doc";
import { Staff, StaffList } from "./answers";

export const put = doc({
  tag: "Bookmakers",
  summary: "Add a member of staff, or change his role",
  description:
    "Adds a Telegram user by username (he must have opened the app once) to the book's staff as CLERK or MANAGER, or sets the role of one already on it; written with its audit row (STAFF). Only the book's owner may. A user works for one book at most and is never a punter of it: a member of the book (asking or approved) or of another book's staff is refused (409). Answers him as saved.",
  answer: Staff,
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
});

export const list = doc({
  tag: "Bookmakers",
  summary: "The book's staff",
  description: "Each member of staff with his role and when he was added, longest serving first. Only its owner may.",
  answer: StaffList,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

export const remove = doc({
  tag: "Bookmakers",
  summary: "Remove a member of staff",
  description:
    "Takes him off the book's staff, with its audit row; his next call finds no role on the book. 404 when he is not on it. Only the book's owner may.",
  answer: "none",
  status: 204,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});
