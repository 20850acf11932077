import * as v from "valibot";
import { en } from "../lib/words";

// POST /share's body: what to share, by its id (a bet's, a multiple's, an event's, a book's).

export const SHARE_KINDS = ["BET", "MULTIPLE", "RESULT", "INVITE"] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

const ID = en("Must be a positive integer id.");

export const ShareBody = v.object({
  kind: v.picklist(SHARE_KINDS),
  id: v.pipe(v.number(), v.safeInteger(ID), v.minValue(1, ID)),
});
