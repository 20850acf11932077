import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { useToken } from "@/store/auth";
import type { Answer, Read } from "./calls";
import { apiFetch, type ApiError } from "./client";
import { routePath, type CallArgs, type CallRequest } from "./route-request";

/** SWR keys are [path, token]: a new session token refetches everything under the new identity. */
export type ApiKey = readonly [path: string, token: string];

/** The path a cached read was made for (its key's first part), or "" for a key of another kind. */
export const pathOf = (key: unknown): string => (Array.isArray(key) && typeof key[0] === "string" ? key[0] : "");

export const apiFetcher = <T>([path, token]: ApiKey): Promise<T> => apiFetch<T>(path, { token });

/** The request a read needs (none when its route needs nothing), or null to wait (e.g. for an id). */
type ReadArgs<R extends Read> =
  object extends CallRequest<R>
    ? [request?: CallRequest<R> | null, config?: SWRConfiguration<Answer<R>, ApiError>]
    : [request: CallRequest<R> | null, config?: SWRConfiguration<Answer<R>, ApiError>];

/**
 * Reads a route once a session token exists, named as in api/calls.ts, which types its request
 * and its answer: `useApi("GET /events/:id", id === null ? null : { params: { id } })`.
 */
export function useApi<R extends Read>(route: R, ...[request, config]: ReadArgs<R>): SWRResponse<Answer<R>, ApiError> {
  const token = useToken();
  const path = request === null ? null : routePath(route, ...([request] as CallArgs<R>));
  const key: ApiKey | null = path && token ? [path, token] : null;
  return useSWR<Answer<R>, ApiError, ApiKey | null>(key, apiFetcher<Answer<R>>, config);
}
