import { Placeholder } from "../../ui/Placeholder";

export function RenewSubscriptionScreen() {
  return <Placeholder title="Renew subscription" />;
}
