import { lazy, useEffect, useState } from "react";
import { ServerData } from "@/api/ServerData";
import { DEV_MODE } from "./config";
import { AppRoutes } from "./routes";
import { OopsScreen } from "@/features/home/OopsScreen";
import type { Launch } from "@/start/launch";
import { SignInProblem } from "@/start/SignInProblem";
import { WebAppContext } from "@/telegram/context";
import { Logo } from "@/ui/Logo";
import { useLanguage } from "@/i18n/language";

// Dev mode only; a static import would bring its styles and SWR into the deployed first screen.
const BotMessagesDrawer = lazy(() =>
  import("@/features/notifications/BotMessagesDrawer").then((m) => ({ default: m.BotMessagesDrawer })),
);

/** `launch` is started outside React, so it runs once whatever React re-renders or re-mounts. */
export function App({ launch }: { launch: Promise<Launch> }) {
  const launched = useLaunched(launch);
  // Every screen's words are read at render: a new language re-mounts them (SWR's cache stays).
  const language = useLanguage((s) => s.language);
  if (!launched)
    return (
      <div className="starting" aria-busy="true">
        <Logo size={96} />
      </div>
    );
  if (!launched.supported) return <OopsScreen key={language} />;
  return (
    <WebAppContext value={launched.webApp} key={language}>
      {/* Outside ServerData: it needs no SWR, and shows while a screen's code still loads. */}
      <SignInProblem />
      <ServerData>
        <AppRoutes />
        {DEV_MODE && <BotMessagesDrawer />}
      </ServerData>
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
