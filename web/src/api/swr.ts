import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { useToken } from "../store/auth";
import { apiFetch, type ApiError } from "./client";

/** SWR keys are [path, token]: a new session token refetches everything under the new identity. */
export type ApiKey = readonly [path: string, token: string];

export const apiFetcher = <T>([path, token]: ApiKey): Promise<T> => apiFetch<T>(path, { token });

/** GETs `path` once a session token exists; pass null to wait (e.g. for an id). */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  const token = useToken();
  const key: ApiKey | null = path && token ? [path, token] : null;
  return useSWR<T, ApiError, ApiKey | null>(key, apiFetcher<T>, config);
}
