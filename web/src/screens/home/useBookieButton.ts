import { useLocation } from "wouter";
import { useMe } from "../../bookmakers/me";
import { useActiveSubscriptions, useMySubscriptions } from "../../subscriptions/active";
import { bookieDestination } from "./bookie-destination";

/** Loads what the Bookie button needs as soon as home shows, so a tap rarely has to wait. */
export function useBookieButton(): () => void {
  const [, navigate] = useLocation();
  const me = useMe();
  const subscriptions = useActiveSubscriptions(me.data?.bookmakerDto?.bookmakerId);
  const mine = useMySubscriptions();
  // Read during render: SWR re-renders only for the fields a render used.
  const destination = bookieDestination(me.data, subscriptions.data, mine.data);

  return () => {
    if (!destination) return;
    const { to, ...options } = destination;
    navigate(to, options);
  };
}
