import * as v from "valibot";
import { IdParam } from "../lib/validate";
import { en } from "../lib/words";
import { normalCode, TICKET_CODE } from "../../common/ticket-code";

/** A ticket's code in a path: as typed or scanned (any case, spaces and dashes dropped), then 10 of its symbols. */
export const CodeParam = v.object({
  code: v.pipe(
    v.string(),
    v.transform(normalCode),
    v.regex(TICKET_CODE, en("A ticket code is 10 letters and digits.")),
  ),
});

/** GET /counter/tickets: one event's tickets, all or those of one status. */
export const TicketsQuery = v.object({
  eventId: IdParam,
  status: v.optional(v.picklist(["OPEN", "WON", "LOST", "VOID", "PAID"], en("Must be OPEN, WON, LOST, VOID or PAID."))),
});
