import { Dialog } from "@/ui/Dialog";

export function StartDialog({ open, onCancel, onStart }: { open: boolean; onCancel(): void; onStart(): void }) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Are you sure you want to start the event?"
      buttons={[
        { label: "Cancel", onClick: onCancel },
        { label: "Start", onClick: onStart, primary: true },
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
      title="Leave without saving?"
      buttons={[
        { label: "Leave", onClick: props.onLeave },
        { label: "Save as draft", onClick: props.onSaveDraft, primary: true },
      ]}
    >
      The new event is not saved yet. Save it as a draft to finish it later, or leave and lose it.
    </Dialog>
  );
}
