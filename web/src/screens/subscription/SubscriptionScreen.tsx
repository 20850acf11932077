import { Placeholder } from "../../ui/Placeholder";

export function SubscriptionScreen() {
  return <Placeholder title="Subscription" />;
}
