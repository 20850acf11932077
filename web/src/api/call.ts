import { useAuth } from "../store/auth";
import { apiFetch, type RequestOptions } from "./client";

/** A call made on a tap (POST, PUT), as the signed-in user; reads come through `useApi`. */
export const apiCall = <T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> =>
  apiFetch<T>(path, { ...options, token: useAuth.getState().token });
