import { Placeholder } from "../../ui/Placeholder";

/** Draft editing of one event; the route parameter holds the event id. */
export function EventManagementScreen() {
  return <Placeholder title="Draft" />;
}
