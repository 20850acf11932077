import { Placeholder } from "../../ui/Placeholder";

export function EventHistoryScreen() {
  return <Placeholder title="Event history" />;
}
