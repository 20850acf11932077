// The spec leaves these targets open: placeholders until the real pages exist.
const PLACEHOLDER_URL = "https://telegram.org/";

export const HOME_LINKS = [
  { label: "Affiliate", url: PLACEHOLDER_URL },
  { label: "News", url: PLACEHOLDER_URL },
  { label: "Chat with us", url: PLACEHOLDER_URL },
] as const;
