import { useMe } from "../bookmakers/me";

/** The signed-in bookmaker's own profile; null until loaded or when he has none. */
export function useOwnBook() {
  const me = useMe();
  return { book: me.data?.bookmakerDto ?? null, loading: me.isLoading, error: me.error, refresh: me.mutate };
}
