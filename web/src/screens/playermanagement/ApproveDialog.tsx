import { useState } from "react";
import type { JoinRequestItem } from "../../../../worker/contract";
import { call } from "../../api/call";
import { errorText } from "../../api/error-text";
import { useHaptic } from "../../telegram/features";
import { Dialog } from "../../ui/Dialog";

/** Approve or deny one join request; `onDone` reloads the lists. */
export function ApproveDialog({ request, onClose, onDone }: { request: JoinRequestItem | null; onClose(): void; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const haptic = useHaptic();

  async function answer(verdict: "approve" | "reject") {
    if (!request || busy) return;
    setBusy(true);
    setError(null);
    try {
      await call(`POST /bookmakers/requests/:id/${verdict}`, { params: { id: request.joinRequest.id } });
      if (verdict === "approve") haptic("success");
      onDone();
      onClose();
    } catch (err) {
      setError(errorText(err));
      haptic("error");
      onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title="Do you want approve punter?"
      buttons={[
        { label: "Deny", onClick: () => void answer("reject"), disabled: busy },
        { label: "Approve", onClick: () => void answer("approve"), primary: true, disabled: busy },
      ]}
    >
      <p className="bk-strong">@{request?.user.username}</p>
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
