import { Bookmaker } from "../bookmakers/answers";
import { doc } from "../lib/route-doc";
import { JoinRequestAnswer, JoinRequestItems } from "./answers";

export const sign = doc({
  tag: "Memberships",
  summary: "Ask to join a book, or withdraw the request",
  description:
    "With no request or a declined one, asks to join (CREATED); with one pending, withdraws it. A member already is refused. Answers the book as the caller now sees it.",
  answer: Bookmaker,
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
});

export const requests = doc({
  tag: "Memberships",
  summary: "Pending join requests",
  description: "The requests waiting for the caller's decision on his book, oldest first.",
  answer: JoinRequestItems,
  errors: ["NOT_FOUND", "FORBIDDEN"],
});

/** A decision on a pending request to the caller's book: the request as it now stands. */
const decision = {
  tag: "Memberships",
  answer: JoinRequestAnswer,
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
} as const;

export const approve = doc({
  ...decision,
  summary: "Approve a join request",
  description: "Makes the asker a punter of the caller's book (APPROVED), with a balance of 0 coins.",
});

export const reject = doc({
  ...decision,
  summary: "Decline a join request",
  description: "Declines a pending request (DECLINED); the asker may ask again.",
});
