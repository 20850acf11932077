import { useApi } from "../../api/swr";

/** Sports and countries for the event form; reference data, fetched once. */
export const useSports = () => useApi<{ eventTypeName: string }[]>("/events/types", { revalidateOnFocus: false });
export const useCountries = () => useApi<{ countryName: string }[]>("/countries", { revalidateOnFocus: false });
