import { t } from "@lingui/core/macro";
import { Dialog } from "@/ui/Dialog";

export function StartDialog({ open, onCancel, onStart }: { open: boolean; onCancel(): void; onStart(): void }) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t`Are you sure you want to start the event?`}
      buttons={[
        { label: t`Cancel`, onClick: onCancel },
        { label: t`Start`, onClick: onStart, primary: true },
      ]}
    />
  );
}

/** Back on a filled form: a new event is not thrown away without a word. */
export function LeaveDialog(props: { open: boolean; onCancel(): void; onLeave(): void; onSaveDraft(): void }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      title={t`Leave without saving?`}
      buttons={[
        { label: t`Leave`, onClick: props.onLeave },
        { label: t`Save as draft`, onClick: props.onSaveDraft, primary: true },
      ]}
    >
      {t`The new event is not saved yet. Save it as a draft to finish it later, or leave and lose it.`}
    </Dialog>
  );
}
