import { t } from "@lingui/core/macro";
import { useId, useState } from "react";
import type { Ticket } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { useWebApp } from "@/telegram/context";
import { canScanQr, scanQr, useHaptic } from "@/telegram/features";
import "@/styles/bookmaker.css";
import { formatAmount } from "@/ui/amount";
import { Page } from "@/ui/Page";
import { lookUpTicket, payTicket } from "./api";
import { TicketCard } from "./TicketCard";
import { normalCode, TICKET_CODE } from "@common/ticket-code";
import "./counter.css";

// Check ticket: the code typed (any case, spaces or not) or scanned with Telegram's QR scanner;
// the ticket's bet, status and what it pays; Pay marks it paid, once (the worker refuses twice).

/** A QR read that is a ticket's code, as the API takes it; null for anything else. */
const asCode = (text: string) => {
  const code = normalCode(text);
  return TICKET_CODE.test(code) ? code : null;
};

export function CheckTicketScreen() {
  const webApp = useWebApp();
  const haptic = useHaptic();
  const id = useId();
  const [code, setCode] = useState("");
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const check = useAction();
  const pay = useAction({ onError: () => haptic("error") });

  const look = (typed: string) =>
    void check.run(async () => {
      setTicket(null);
      setTicket(await lookUpTicket(typed));
    });
  const scan = () =>
    scanQr(webApp, t`Scan the ticket's QR code`, (text) => {
      const read = asCode(text);
      if (!read) return false;
      setCode(read);
      look(read);
      return true;
    });
  const payOut = (paying: Ticket) =>
    void pay.run(async () => {
      setTicket(await payTicket(paying.code));
      haptic("success");
    });

  const returns = ticket ? formatAmount(ticket.returns) : "";
  const payable = ticket?.status === "WON" || ticket?.status === "VOID";
  return (
    <Page backTo="/counter" className="bk">
      <h1 className="page-title">{t`Check ticket`}</h1>
      <form
        className="bk-form counter-check"
        onSubmit={(e) => {
          e.preventDefault();
          look(code);
        }}
      >
        <label className="bk-label" htmlFor={`${id}-code`}>
          {t`Ticket code`}
        </label>
        <input
          id={`${id}-code`}
          className="bk-input counter-code-input"
          dir="ltr"
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="bk-actions-2">
          {canScanQr(webApp) && (
            <button type="button" className="button button-secondary" onClick={scan}>
              {t`Scan`}
            </button>
          )}
          <button type="submit" className="button" disabled={check.busy || code.trim() === ""}>
            {t`Check`}
          </button>
        </div>
      </form>
      {check.error && (
        <p className="bk-error" role="alert">
          {check.error}
        </p>
      )}
      {ticket && <TicketCard ticket={ticket} />}
      {ticket && payable && (
        <button
          type="button"
          className="button button-wide counter-take"
          disabled={pay.busy}
          onClick={() => payOut(ticket)}
        >
          {t`Pay ${returns}`}
        </button>
      )}
      {pay.error && (
        <p className="bk-error" role="alert">
          {pay.error}
        </p>
      )}
    </Page>
  );
}
