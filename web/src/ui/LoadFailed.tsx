import { t } from "@lingui/core/macro";
import { useState } from "react";

/**
 * A list or screen that failed to load: the spec's message as it is, and beside it a Retry that
 * loads it again (busy while it does), so a failure is never a dead end.
 */
export function LoadFailed({
  message,
  onRetry,
  className = "state-text error-text",
}: {
  message: string;
  /** Loads again (SWR's mutate); none where nothing can be retried (a wrong address). */
  onRetry?: () => Promise<unknown>;
  className?: string;
}) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry?.();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className="load-failed" role="alert">
      <p className={className}>{message}</p>
      {onRetry && (
        <button
          type="button"
          className="button button-secondary"
          disabled={retrying}
          aria-busy={retrying}
          onClick={() => void retry()}
        >
          {t`Retry`}
        </button>
      )}
    </div>
  );
}
