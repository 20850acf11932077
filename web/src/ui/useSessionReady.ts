import { useEffect, useState } from "react";
import { TOKEN_CHECK_MS, TOKEN_WAIT_MS } from "@/config";
import { useAuth } from "@/store/auth";

/**
 * True once a session token is stored, or after TOKEN_WAIT_MS without one: screens render
 * anyway then and show their own errors. Checked every TOKEN_CHECK_MS, as the spec describes.
 */
export function useSessionReady(): boolean {
  const [ready, setReady] = useState(() => useAuth.getState().token !== null);

  useEffect(() => {
    if (ready) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (useAuth.getState().token !== null || Date.now() - startedAt >= TOKEN_WAIT_MS) setReady(true);
    }, TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [ready]);

  return ready;
}
