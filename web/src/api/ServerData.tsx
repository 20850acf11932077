import { Suspense, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { DEV_MODE } from "@/config";
import { preloadable } from "@/ui/preloadable";
import { ScreenLoading } from "@/ui/ScreenLoading";

const swrCache = preloadable(
  () => import("./cache"),
  (m) => m.default,
);

/** Downloads SWR and its cache (during the start-up wait), so the first screen that reads shows at once. */
export const preloadServerData = (): Promise<unknown> => swrCache.preload();

/**
 * The splash reads no server data, so SWR is not in the first bundle: it loads during the
 * start-up wait or with the first screen that reads, and then stays for the app's life (its
 * cache with it). Dev mode's drawer reads at once.
 */
export function ServerData({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [needed, setNeeded] = useState(DEV_MODE || location !== "/");
  if (!needed && location !== "/") setNeeded(true);
  if (!needed) return children;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <swrCache.Component>{children}</swrCache.Component>
    </Suspense>
  );
}
