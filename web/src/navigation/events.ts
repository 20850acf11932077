/** Navigation state of /events/{id} and /history/{id}: the bookmaker's name, as the list showed it. */
export interface EventsState {
  name?: string;
}
