import { useMe } from "./me";
import { useHolds, type SubscriptionType } from "@/features/market/active";

/** The signed-in bookmaker's own profile; null until loaded or when he has none. */
export function useOwnBook() {
  const me = useMe();
  return { book: me.data?.bookmakerDto ?? null, loading: me.isLoading, error: me.error, refresh: me.mutate };
}

/**
 * The book the signed-in user runs: his own, or the one he works for as staff (whose screens
 * his role allows: the worker refuses the rest). Null until loaded, or when he has none.
 */
export function useBookId(): number | null {
  const me = useMe().data;
  return me?.bookmakerDto?.bookmakerId ?? me?.staffOf?.bookmakerId ?? null;
}

/** Where the book's screens go back to: the owner's main page, or his staff's Counter. */
export function useBookHome(): "/mainpage" | "/counter" {
  const me = useMe().data;
  return !me?.bookmakerDto && me?.staffOf ? "/counter" : "/mainpage";
}

/** Whether the signed-in bookmaker holds an active subscription of `type` (true until known). */
export function useOwnHolds(type: SubscriptionType): boolean {
  const { book } = useOwnBook();
  return useHolds(book?.bookmakerId, type);
}
