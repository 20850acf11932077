import * as v from "valibot";
import { JoinRequestStatus } from "../bookmakers/answers";
import { Id, UserRef } from "../lib/wire";

// What memberships/routes.ts answers besides the book as the punter sees it (bookmakers/answers.ts).

export const JoinRequestItems = v.array(
  v.object({ joinRequest: v.object({ id: Id, status: JoinRequestStatus }), user: UserRef }),
);

/** Approve and reject: the request as it now stands. */
export const JoinRequestAnswer = v.object({ joinRequest: v.object({ id: Id, status: JoinRequestStatus }) });
