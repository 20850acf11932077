import { t } from "@lingui/core/macro";
import { useId, type ReactNode } from "react";
import { useEscapeToClose } from "./useEscapeToClose";

export interface DialogButton {
  label: string;
  onClick(): void;
  /** The main choice, drawn in the button colour. */
  primary?: boolean;
  disabled?: boolean;
}

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title?: string;
  children?: ReactNode;
  /** Defaults to a single 'Ok' that closes the dialog (the spec's default wording). */
  buttons?: DialogButton[];
}

/** A modal over the screen; closes on Escape or a tap outside it. */
export function Dialog({ open, onClose, title, children, buttons }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();

  useEscapeToClose(open, onClose);

  if (!open) return null;
  const actions = buttons ?? [{ label: t`Ok`, onClick: onClose, primary: true }];
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={title ? titleId : bodyId}>
        {title && (
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
        )}
        {/* Without a title, the message names the dialog. */}
        {children && (
          <div id={bodyId} className="dialog-body">
            {children}
          </div>
        )}
        <div className="dialog-actions">
          {actions.map((b) => (
            <button
              key={b.label}
              type="button"
              className={b.primary ? "button" : "button button-secondary"}
              onClick={b.onClick}
              disabled={b.disabled}
            >
              {b.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
