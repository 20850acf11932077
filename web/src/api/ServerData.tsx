import { lazy, Suspense, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { DEV_MODE } from "../config";
import { ScreenLoading } from "../ui/ScreenLoading";

const SwrCache = lazy(() => import("./cache"));

/**
 * The splash reads no server data, so SWR loads with the first screen that does and then stays
 * for the app's life (its cache with it). Dev mode's drawer reads at once.
 */
export function ServerData({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [needed, setNeeded] = useState(DEV_MODE || location !== "/");
  if (!needed && location !== "/") setNeeded(true);
  if (!needed) return children;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <SwrCache>{children}</SwrCache>
    </Suspense>
  );
}
