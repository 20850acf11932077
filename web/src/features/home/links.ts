import { msg } from "@lingui/core/macro";

// The spec leaves these targets open: placeholders until the real pages exist.
const PLACEHOLDER_URL = "https://telegram.org/";

export const HOME_LINKS = [
  { label: msg`Affiliate`, url: PLACEHOLDER_URL },
  { label: msg`News`, url: PLACEHOLDER_URL },
  { label: msg`Chat with us`, url: PLACEHOLDER_URL },
] as const;
