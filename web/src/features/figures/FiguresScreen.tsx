import { plural, t } from "@lingui/core/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import type { Figures } from "@worker/contract";
import { errorText } from "@/api/error-text";
import "@/styles/bookmaker.css";
import { formatAmount, formatPercent } from "@/ui/amount";
import { isolated } from "@/ui/bidi";
import { dateRange } from "@/ui/dates";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import { CsvExport } from "./CsvExport";
import "./figures.css";
import { HoldChart } from "./HoldChart";
import { figuresCsvLink, useDailyHold, useFigures } from "./api";
import { owesText, thisAndLastWeek, type Period } from "./period";

type Choice = "this" | "last" | "custom";

/** The bookmaker's figures: who owes whom for a week or a chosen period, and the book's hold. */
export function FiguresScreen() {
  const weeks = thisAndLastWeek();
  const [choice, setChoice] = useState<Choice>("this");
  const [custom, setCustom] = useState<Period>(weeks.lastWeek);
  const period = choice === "this" ? weeks.thisWeek : choice === "last" ? weeks.lastWeek : custom;
  const valid = period.from !== "" && period.to !== "" && period.from <= period.to;
  const figures = useFigures(period, valid);
  const daily = useDailyHold();

  return (
    <Page backTo="/mainpage" className="bk figures">
      <h1 className="page-title">{t`Figures`}</h1>
      <div className="fig-tabs" role="tablist" aria-label={t`Period`}>
        {(
          [
            ["this", t`This week`],
            ["last", t`Last week`],
            ["custom", t`Period`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={choice === value}
            className={choice === value ? "fig-tab fig-tab-on" : "fig-tab"}
            onClick={() => setChoice(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {choice === "custom" ? (
        <div className="fig-dates">
          <label>
            {t`From`}{" "}
            <input
              type="date"
              value={custom.from}
              max={custom.to}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label>
            {t`To`}{" "}
            <input
              type="date"
              value={custom.to}
              min={custom.from}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </label>
        </div>
      ) : (
        <p className="hint">{dateRange(period.from, period.to)}</p>
      )}

      {!valid ? (
        <p className="bk-empty">{t`Choose a start date on or before the end date.`}</p>
      ) : figures.error && !figures.data ? (
        <LoadFailed
          message={errorText(figures.error, t`Failed to load figures`)}
          onRetry={() => figures.mutate()}
          className="bk-empty error-text"
        />
      ) : !figures.data ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : (
        <FiguresTable figures={figures.data} period={period} />
      )}

      <section className="bk-card" aria-label={t`Daily hold`}>
        <span className="bk-muted">{t`Daily hold, last 30 days`}</span>
        {daily.data ? <HoldChart days={daily.data} /> : <p className="hint">{t`Loading...`}</p>}
      </section>

      {valid && <CsvExport linkOf={() => figuresCsvLink(period)} />}
    </Page>
  );
}

function FiguresTable({ figures, period }: { figures: Figures; period: Period }) {
  const [, navigate] = useLocation();
  const { book, totals } = figures;
  return (
    <>
      {figures.punters.length === 0 ? (
        <p className="bk-empty">{t`No punters yet.`}</p>
      ) : (
        <table className="fig-table">
          <thead>
            <tr>
              <th>{t`Punter`}</th>
              <th className="num">{t`Staked`}</th>
              <th className="num">{t`Returned`}</th>
              <th className="num">{t`Net`}</th>
              <th className="num">{t`Closing`}</th>
            </tr>
          </thead>
          <tbody>
            {figures.punters.map((p) => (
              <tr
                key={p.userId}
                className="fig-punter"
                aria-label={p.username}
                onClick={() => navigate(`/figures/punter/${p.userId}?from=${period.from}&to=${period.to}`)}
              >
                <td className="bk-ellipsis">{isolated(p.username)}</td>
                <td className="num">{formatAmount(p.staked)}</td>
                <td className="num">{formatAmount(p.returned)}</td>
                <NetCell net={p.net} open={p.openStakes} />
                <td className="num">{formatAmount(p.closing)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fig-totals" aria-label={t`Totals`}>
              <th>{t`Totals`}</th>
              <td className="num">{formatAmount(totals.staked)}</td>
              <td className="num">{formatAmount(totals.returned)}</td>
              <NetCell net={totals.net} open={totals.openStakes} />
              <td className="num">{formatAmount(totals.closing)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <section className="bk-card" aria-label={t`Book`}>
        <div className="bk-row">
          <span className="bk-muted">{t`Hold`}</span>
          <span className="bk-strong">{formatAmount(book.hold)}</span>
        </div>
        <div className="bk-row">
          <span className="bk-muted">{t`Hold %`}</span>
          <span>{book.holdPct === null ? "—" : formatPercent(book.holdPct)}</span>
        </div>
        <div className="bk-row">
          <span className="bk-muted">{t`Open liability`}</span>
          <span>{formatAmount(book.openLiability)}</span>
        </div>
      </section>
      {figures.counter.tickets > 0 && <CounterCash counter={figures.counter} />}
    </>
  );
}

/** The counter's tickets of the period in cash: taken − paid − owed is its result. */
function CounterCash({ counter }: { counter: Figures["counter"] }) {
  const tickets = counter.tickets;
  return (
    <section className="bk-card" aria-label={t`Counter`}>
      <h2 className="bk-label">{plural(tickets, { one: "Counter: # ticket", other: "Counter: # tickets" })}</h2>
      <div className="bk-row">
        <span className="bk-muted">{t`Cash taken`}</span>
        <span>{formatAmount(counter.taken)}</span>
      </div>
      <div className="bk-row">
        <span className="bk-muted">{t`Cash paid`}</span>
        <span>{formatAmount(counter.paid)}</span>
      </div>
      <div className="bk-row">
        <span className="bk-muted">{t`Cash owed`}</span>
        <span>{formatAmount(counter.owed)}</span>
      </div>
      <div className="bk-row">
        <span className="bk-muted">{t`Counter result`}</span>
        <span className="bk-strong">{formatAmount(counter.result)}</span>
      </div>
    </section>
  );
}

/** The net without its sign, who owes whom in words, and the stakes not settled yet (they may still come back). */
export function NetCell({ net, open }: { net: number; open: number }) {
  const amount = formatAmount(open);
  return (
    <td className={net > 0 ? "num fig-owed" : net < 0 ? "num fig-owes" : "num"}>
      {formatAmount(Math.abs(net))} <span className="fig-who">{owesText(net)}</span>
      {open > 0 && <span className="fig-open">{t`${amount} in open bets`}</span>}
    </td>
  );
}
