import { useEffect, useState } from "react";
import { SWRConfig } from "swr";
import { DEV_MODE } from "./config";
import { BotMessagesDrawer } from "./notifications/BotMessagesDrawer";
import { AppRoutes } from "./routes";
import { OopsScreen } from "./screens/oops/OopsScreen";
import type { Launch } from "./start/launch";
import { WebAppContext } from "./telegram/context";
import { Logo } from "./ui/Logo";

/** `launch` is started outside React, so it runs once whatever React re-renders or re-mounts. */
export function App({ launch }: { launch: Promise<Launch> }) {
  const launched = useLaunched(launch);
  if (!launched)
    return (
      <div className="starting" aria-busy="true">
        <Logo size={96} />
      </div>
    );
  if (!launched.supported) return <OopsScreen />;
  return (
    <WebAppContext value={launched.webApp}>
      {/* A cache per app instance: nothing outlives it (and tests start clean). */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <AppRoutes />
        {DEV_MODE && <BotMessagesDrawer />}
      </SWRConfig>
    </WebAppContext>
  );
}

function useLaunched(launch: Promise<Launch>): Launch | null {
  const [launched, setLaunched] = useState<Launch | null>(null);
  useEffect(() => {
    let current = true;
    void launch.then((result) => current && setLaunched(result));
    return () => {
      current = false;
    };
  }, [launch]);
  return launched;
}
