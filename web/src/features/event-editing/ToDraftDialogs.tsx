import { t } from "@lingui/core/macro";
import { Dialog } from "@/ui/Dialog";
import type { useToDraft } from "./useToDraft";

/** Draft's question before suspending a live event with bets, and its refusal if any (useToDraft). */
export function ToDraftDialogs({ drafting }: { drafting: ReturnType<typeof useToDraft> }) {
  return (
    <>
      <Dialog
        open={drafting.asking !== null}
        onClose={drafting.cancel}
        title={t`Punters cannot bet while you edit it`}
        buttons={[
          { label: t`Cancel`, onClick: drafting.cancel },
          { label: t`Draft`, onClick: drafting.confirm, primary: true },
        ]}
      >
        {/* Draft suspends a live event: asked where it may have bets (docs/decisions/screens.md, "The mini-app's screens"). */}
        {drafting.asking?.title}
      </Dialog>
      <Dialog open={drafting.error !== null} onClose={drafting.clearError}>
        {drafting.error}
      </Dialog>
    </>
  );
}
