import { Dialog } from "./Dialog";

/** The spec's popup where a feature the bookmaker lacks is asked for (docs/ARCHITECTURE.md, "Features"). */
export function FeatureUnavailable({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Feature is unavailable">
      This bookmaker does not have access to this functionality.
    </Dialog>
  );
}

/** What a what-if or gain cell shows when the bookmaker lacks WHAT_IF, instead of a zero. */
export const UNAVAILABLE_VALUE = "—";
