import { Placeholder } from "../../ui/Placeholder";

export function PlayerManagementScreen() {
  return <Placeholder title="My Punters" backTo="/mainpage" />;
}
