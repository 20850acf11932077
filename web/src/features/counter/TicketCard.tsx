import { msg, t } from "@lingui/core/macro";
import type { Ticket, TicketStatus } from "@worker/contract";
import { i18n, type MessageDescriptor } from "@/i18n/runtime";
import { formatAmount } from "@/ui/amount";
import { Odds } from "@/ui/Odds";
import { Qr } from "./Qr";
import { spacedCode } from "@common/ticket-code";
import { sharesFiles, shareTicket } from "./share";
import { shownTitle } from "@/i18n/common-words";

// A counter bet's ticket as the counter shows it to the punter at the pitch: its code in large
// type and as a QR code (to photograph, or to scan back with Telegram's scanner), the bet and
// what it pays.

const STATUS: Record<TicketStatus, MessageDescriptor> = {
  OPEN: msg`Open`,
  WON: msg`Won`,
  LOST: msg`Lost`,
  VOID: msg`Void: stake back`,
  PAID: msg`Paid`,
};

export const ticketStatusText = (status: TicketStatus) => i18n._(STATUS[status]);

/** The bet in a line: stake (each way: per part), runner, price or SP. */
export function TicketBet({ ticket }: { ticket: Ticket }) {
  const { bet } = ticket;
  const stake = formatAmount(bet.money.amount);
  const runner = bet.outcomeTitle;
  return (
    <span>
      {bet.eachWay ? t`${stake} each way on ${runner}` : t`${stake} on ${runner}`}
      {" · "}
      {bet.atSp && bet.sp === null ? t`SP` : <Odds decimal={bet.coefficient} />}
    </span>
  );
}

export function TicketCard({ ticket, withQr = false }: { ticket: Ticket; withQr?: boolean }) {
  const code = spacedCode(ticket.code);
  const returns = formatAmount(ticket.returns);
  return (
    <section className="bk-card counter-ticket" aria-label={t`Ticket ${code}`}>
      <p className="counter-code" dir="ltr">
        {code}
      </p>
      {withQr && <Qr text={ticket.code} label={t`QR code of ticket ${code}`} />}
      {withQr && sharesFiles() && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void shareTicket(ticket.code, t`Ticket ${code}`)}
        >
          {t`Share ticket`}
        </button>
      )}
      <p>
        <TicketBet ticket={ticket} />
      </p>
      <p className="bk-muted">{ticket.bet.eventDescription || shownTitle(ticket.bet.eventTitle)}</p>
      <div className="bk-row">
        <span className={`counter-status counter-${ticket.status.toLowerCase()}`}>
          {ticketStatusText(ticket.status)}
        </span>
        {ticket.returns > 0 && (
          <span className="bk-strong">{ticket.status === "PAID" ? returns : t`Pays ${returns}`}</span>
        )}
      </div>
    </section>
  );
}
