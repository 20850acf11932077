import { Placeholder } from "../../ui/Placeholder";

export function BookmakerEventsScreen() {
  return <Placeholder title="List of Events" />;
}
