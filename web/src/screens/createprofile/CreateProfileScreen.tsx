import { Placeholder } from "../../ui/Placeholder";

export function CreateProfileScreen() {
  return <Placeholder title="Profile" />;
}
