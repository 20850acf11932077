import { t } from "@lingui/core/macro";
import type { JoinRequestItem } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useHaptic } from "@/telegram/features";
import { userTag } from "@/ui/bidi";
import { Dialog } from "@/ui/Dialog";
import { answerJoinRequest } from "./data";

/** Approve or deny one join request; `onDone` reloads the lists. */
export function ApproveDialog({
  request,
  onClose,
  onDone,
}: {
  request: JoinRequestItem | null;
  onClose(): void;
  onDone(): void;
}) {
  const haptic = useHaptic();
  const { busy, error, run } = useAction({
    onError: () => {
      haptic("error");
      onDone();
    },
  });

  const answer = (verdict: "approve" | "reject") =>
    run(async () => {
      if (!request) return;
      await answerJoinRequest(request.joinRequest.id, verdict);
      if (verdict === "approve") haptic("success");
      onDone();
      onClose();
    });

  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={t`Do you want approve punter?`}
      buttons={[
        { label: t`Deny`, onClick: () => void answer("reject"), disabled: busy },
        { label: t`Approve`, onClick: () => void answer("approve"), primary: true, disabled: busy },
      ]}
    >
      <p className="bk-strong">{userTag(request?.user.username ?? "")}</p>
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
