import { Placeholder } from "../../ui/Placeholder";

export function CreateEventScreen() {
  return <Placeholder title="New Event" />;
}
