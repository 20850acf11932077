import type { BookmakerEvent } from "@worker/contract";

/** Navigation state of /createeventpage: an event to copy into the form. */
export interface CreateEventState {
  copy?: BookmakerEvent;
}
