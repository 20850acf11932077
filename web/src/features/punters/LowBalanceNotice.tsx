import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { LOW_BALANCE } from "./data";
import { Dialog } from "@/ui/Dialog";

/** Tells the bookmaker once per visit when his pool is below LOW_BALANCE coins, with a way to buy more. */
export function LowBalanceNotice({ pool }: { pool: number | undefined }) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<"unseen" | "open" | "done">("unseen");
  // Set while rendering (React's "adjusting state when a prop changes"): no extra pass.
  if (state === "unseen" && pool !== undefined && pool < LOW_BALANCE) setState("open");
  const dismiss = () => setState("done");
  return (
    <Dialog
      open={state === "open"}
      onClose={dismiss}
      title={t`Your balance is low`}
      buttons={[
        { label: t`Cancel`, onClick: dismiss },
        { label: t`Buy Coins`, onClick: () => navigate("/marketpage"), primary: true },
      ]}
    />
  );
}
