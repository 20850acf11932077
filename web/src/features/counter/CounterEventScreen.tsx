import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useParams } from "wouter";
import type { BookmakerEvent, Ticket, TicketStatus } from "@worker/contract";
import { useAction } from "@/api/useAction";
import { errorText } from "@/api/error-text";
import { useHaptic } from "@/telegram/features";
import "@/styles/bookmaker.css";
import { formatAmount } from "@/ui/amount";
import { Odds } from "@/ui/Odds";
import { Page } from "@/ui/Page";
import { takeCounterBet, useCounterEvent, useTickets } from "./api";
import { TicketBet, TicketCard } from "./TicketCard";
import { spacedCode } from "@common/ticket-code";
import "./counter.css";
import { shownTitle } from "@/i18n/common-words";

// Taking cash bets on one race at a busy pitch: tap the runner, tap a stake, (each way, SP), Take:
// three or four taps, one call (POST /counter/bets), and the ticket shows at once, its code in
// large type and as a QR code. Below, the race's tickets: open, won and unpaid, paid.

const STAKES = [5, 10, 20, 50];

export function CounterEventScreen() {
  const { eventId } = useParams<{ eventId: string }>();
  const id = Number(eventId);
  const event = useCounterEvent(id);
  const tickets = useTickets(eventId);
  const [taken, setTaken] = useState<Ticket | null>(null);
  return (
    <Page backTo="/counter" className="bk">
      {event.error && !event.data && <p className="bk-error">{errorText(event.error)}</p>}
      {event.data && (
        <>
          <h1 className="page-title">{event.data.description || shownTitle(event.data.title)}</h1>
          <BetSlip
            event={event.data}
            onTaken={(ticket) => {
              setTaken(ticket);
              void tickets.mutate();
              void event.mutate();
            }}
            onRefused={() => void event.mutate()}
          />
        </>
      )}
      {taken && <TicketCard ticket={taken} withQr />}
      {tickets.data && tickets.data.length > 0 && <TicketLists tickets={tickets.data} />}
    </Page>
  );
}

function BetSlip(props: { event: BookmakerEvent; onTaken(ticket: Ticket): void; onRefused(): void }) {
  const { event, onTaken, onRefused } = props;
  const haptic = useHaptic();
  const [itemId, setItemId] = useState<number | null>(null);
  const [stake, setStake] = useState("");
  const [eachWay, setEachWay] = useState(false);
  const [atSp, setAtSp] = useState(false);
  const { busy, error, run } = useAction({ onError: () => (haptic("error"), onRefused()) });
  const item = event.items.find((i) => i.id === itemId && i.status === "ACTIVE") ?? null;
  const amount = Number(stake.replace(",", "."));
  const valid = item !== null && stake.trim() !== "" && Number.isFinite(amount) && amount > 0;
  const canEachWay = event.eachWay !== null && event.eachWay.places > 1;
  const open = event.status === "READY_FOR_BETS";

  const take = () =>
    void run(async () => {
      const ticket = await takeCounterBet(event, item!.id, amount, {
        atSp,
        eachWay: canEachWay && eachWay,
        coefficient: item!.currCoefficient,
      });
      haptic("success");
      setItemId(null);
      onTaken(ticket);
    });

  const staked = formatAmount(amount * (canEachWay && eachWay ? 2 : 1));
  return (
    <section className="counter-slip" aria-label={t`Take a bet`}>
      {!open && <p className="bk-muted">{t`This event is not taking bets.`}</p>}
      <div className="counter-runners" role="group" aria-label={t`Runner`}>
        {event.items.map((i) => (
          <button
            key={i.id}
            type="button"
            className="counter-runner"
            aria-pressed={i.id === itemId}
            disabled={!open || i.status !== "ACTIVE"}
            onClick={() => setItemId(i.id)}
          >
            <span className="bk-ellipsis">{i.title}</span>
            {i.status === "NR" ? <span>{t`NR`}</span> : <Odds decimal={i.currCoefficient} />}
          </button>
        ))}
      </div>
      <div className="counter-stakes" role="group" aria-label={t`Stake`}>
        {STAKES.map((s) => (
          <button
            key={s}
            type="button"
            className="counter-stake"
            aria-pressed={stake === String(s)}
            onClick={() => setStake(String(s))}
          >
            {s}
          </button>
        ))}
        <input
          className="bk-input counter-stake-input"
          inputMode="decimal"
          aria-label={t`Stake`}
          placeholder={t`Other`}
          value={STAKES.map(String).includes(stake) ? "" : stake}
          onChange={(e) => setStake(e.target.value)}
        />
      </div>
      <div className="counter-options">
        {canEachWay && (
          <label className="counter-option">
            <input type="checkbox" checked={eachWay} onChange={(e) => setEachWay(e.target.checked)} />
            {t`Each-way`}
          </label>
        )}
        {event.sp && (
          <label className="counter-option">
            <input type="checkbox" checked={atSp} onChange={(e) => setAtSp(e.target.checked)} />
            {t`At SP`}
          </label>
        )}
      </div>
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-wide counter-take" disabled={!valid || busy} onClick={take}>
        {valid ? t`Take ${staked}` : t`Take`}
      </button>
    </section>
  );
}

const GROUPS: { statuses: TicketStatus[]; label: () => string }[] = [
  { statuses: ["OPEN"], label: () => t`Open` },
  { statuses: ["WON", "VOID"], label: () => t`To pay` },
  { statuses: ["PAID"], label: () => t`Paid` },
  { statuses: ["LOST"], label: () => t`Lost` },
];

/** The race's tickets by what is left to do with them, each with what it pays. */
function TicketLists({ tickets }: { tickets: Ticket[] }) {
  return (
    <>
      {GROUPS.map(({ statuses, label }) => {
        const group = tickets.filter((k) => statuses.includes(k.status));
        if (group.length === 0) return null;
        return (
          <section key={statuses[0]} className="bk-card" aria-label={label()}>
            <h2 className="bk-label">{label()}</h2>
            <ul className="counter-tickets">
              {group.map((k) => (
                <li key={k.code} className="bk-row">
                  <span>
                    <span className="counter-code-small" dir="ltr">
                      {spacedCode(k.code)}
                    </span>{" "}
                    <TicketBet ticket={k} />
                  </span>
                  {k.returns > 0 && <span className="bk-strong">{formatAmount(k.returns)}</span>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
