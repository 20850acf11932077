import type { ReactNode } from "react";
import { useBackButton } from "./useBackButton";
import { useSafeAreaTop } from "./useSafeAreaTop";
import { useSessionReady } from "./useSessionReady";
// The shared widgets' styles come with the page every screen uses.
import "./widgets.css";

export interface PageProps {
  /** Where Telegram's back button goes; one step back in history when absent. */
  backTo?: string;
  /** Hides the back button on this screen. */
  noBack?: boolean;
  className?: string;
  /** The screen's own back step in place of `backTo` (e.g. to ask before leaving). */
  onBack?: () => void;
  children: ReactNode;
}

/**
 * The common page wrapper: back button, wait for the session, safe-area padding
 * (docs/rules/screens.md, "Screens and Back").
 */
export function Page({ backTo, noBack, onBack, className, children }: PageProps) {
  useBackButton({ backTo, disabled: noBack, onBack });
  const ready = useSessionReady();
  const paddingTop = useSafeAreaTop();
  return (
    <main
      className={className ? `page ${className}` : "page"}
      style={paddingTop ? { paddingTop } : undefined}
      aria-busy={!ready}
    >
      {ready ? children : null}
    </main>
  );
}
