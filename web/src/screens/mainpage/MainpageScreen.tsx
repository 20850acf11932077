import { Placeholder } from "../../ui/Placeholder";

/** The bookmaker's dashboard. */
export function MainpageScreen() {
  return <Placeholder title="Subscription" backTo="/home" />;
}
