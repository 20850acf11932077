import { Placeholder } from "../../ui/Placeholder";

export function BookiesScreen() {
  return <Placeholder title="Bookmakers" backTo="/home" />;
}
