import { t } from "@lingui/core/macro";
import { useId, type ReactNode } from "react";
import { useEscapeToClose } from "./useEscapeToClose";
import "./controls.css";

/**
 * A tall modal for long reading (the guide): closes on a tap outside, on × and on Escape.
 * The shared Dialog always ends in buttons, which a long text does not want.
 */
export function Sheet({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  useEscapeToClose(open, onClose);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="sheet-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="sheet-close" aria-label={t`Close`} onClick={onClose}>
            <span aria-hidden="true" className="sheet-close-mark">
              ×
            </span>
          </button>
        </div>
        {/* Focusable, so a keyboard scrolls the long text too. */}
        <div className="sheet-body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {children}
        </div>
      </div>
    </div>
  );
}
