import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import type { Unlockable } from "@/navigation/marketpage";
import { useUnlockButton } from "./UnlockButton";
import { Dialog } from "@/ui/Dialog";

interface LockedProps {
  open: boolean;
  onClose(): void;
  /** For the bookmaker only: the feature he can buy; the popup then offers its Market item. */
  unlock?: Unlockable;
}

/** The spec's popup where a feature the bookmaker lacks is asked for (docs/rules/screens.md, "Features"). */
export function FeatureUnavailable(props: LockedProps) {
  return (
    <LockedFeature {...props} title={t`Feature is unavailable`}>
      {t`This bookmaker does not have access to this functionality.`}
    </LockedFeature>
  );
}

/** A spec popup for a locked feature, worded as the caller gives it, with Unlock beside Ok for the bookmaker. */
export function LockedFeature(props: LockedProps & { title: string; children: ReactNode }) {
  const { open, onClose, unlock, title, children } = props;
  if (!open) return null;
  if (unlock)
    return (
      <WithUnlock onClose={onClose} unlock={unlock} title={title}>
        {children}
      </WithUnlock>
    );
  return (
    <Dialog open onClose={onClose} title={title}>
      {children}
    </Dialog>
  );
}

function WithUnlock(props: { onClose(): void; unlock: Unlockable; title: string; children: ReactNode }) {
  const { onClose, unlock, title, children } = props;
  const buttons = [useUnlockButton(unlock), { label: t`Ok`, onClick: onClose, primary: true }];
  return (
    <Dialog open onClose={onClose} title={title} buttons={buttons}>
      {children}
    </Dialog>
  );
}

/** What a what-if or gain cell shows when the bookmaker lacks WHAT_IF, instead of a zero. */
export const UNAVAILABLE_VALUE = "—";
