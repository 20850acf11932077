import { useRef, useState } from "react";
import { errorText } from "./error-text";

export interface ActionOptions {
  /** The words for a failure; `errorText` unless the screen has its own. */
  text?: (err: unknown) => string;
  /** Besides keeping the text: a haptic, a refetch of what the failed call may have changed. */
  onError?: (err: unknown) => void;
}

/**
 * A tap that calls the API. `run(work)`: `busy` while the work runs, `error` the text of its
 * failure (cleared when the next run starts); answers the work's result, or undefined when it
 * failed or a run was already going (a second tap is dropped).
 */
export function useAction({ text = errorText, onError }: ActionOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A double tap lands before React shows `busy`; the ref drops it at once.
  const running = useRef(false);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (err) {
      setError(text(err));
      onError?.(err);
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    run,
    /** A failure that is not a thrown error (an invoice not paid), in the screen's words. */
    fail: (message: string) => setError(message),
    clearError: () => setError(null),
  };
}
