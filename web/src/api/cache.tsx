import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { onErrorRetry } from "./retry";

/** A cache per app instance: nothing outlives it (and tests start clean). */
export default function SwrCache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), onErrorRetry }}>{children}</SWRConfig>;
}
