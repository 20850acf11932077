import { useMe } from "./me";
import { useHolds, type SubscriptionType } from "@/features/market/active";

/** The signed-in bookmaker's own profile; null until loaded or when he has none. */
export function useOwnBook() {
  const me = useMe();
  return { book: me.data?.bookmakerDto ?? null, loading: me.isLoading, error: me.error, refresh: me.mutate };
}

/** Whether the signed-in bookmaker holds an active subscription of `type` (true until known). */
export function useOwnHolds(type: SubscriptionType): boolean {
  const { book } = useOwnBook();
  return useHolds(book?.bookmakerId, type);
}
