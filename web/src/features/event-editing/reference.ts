import { useApi } from "@/api/swr";

/** Sports and countries for the event form; reference data, fetched once. */
export const useSports = () => useApi("GET /events/types", {}, { revalidateOnFocus: false });
export const useCountries = () => useApi("GET /countries", {}, { revalidateOnFocus: false });
