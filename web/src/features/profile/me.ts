import { useApi } from "@/api/swr";

/** The signed-in user and, if he is a bookmaker, his bookmaker profile. */
export const useMe = () => useApi("GET /bookmakers/authorizeMe");
