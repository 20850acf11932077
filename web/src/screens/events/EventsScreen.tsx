import { Placeholder } from "../../ui/Placeholder";

/** A bookmaker's events for the punter; the route parameter holds the bookmaker id. */
export function EventsScreen() {
  return <Placeholder title="Events" />;
}
