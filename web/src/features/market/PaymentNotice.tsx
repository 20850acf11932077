import { i18n } from "@/i18n/runtime";
import { Dialog } from "@/ui/Dialog";
import { CONFIRMING_TEXT, NOT_CONFIRMED_TEXT, type PaymentConfirmation } from "./paid";

/**
 * What a screen that takes payments shows while a paid invoice is awaited: a status line, and
 * after a minute the message that it has not arrived, until the user closes it.
 */
export function PaymentNotice({ payment }: { payment: PaymentConfirmation }) {
  return (
    <>
      {payment.state === "confirming" && (
        <p className="payment-confirming" role="status">
          {i18n._(CONFIRMING_TEXT)}
        </p>
      )}
      <Dialog open={payment.state === "late"} onClose={() => payment.state === "late" && payment.dismiss()}>
        <p role="alert">{i18n._(NOT_CONFIRMED_TEXT)}</p>
      </Dialog>
    </>
  );
}
