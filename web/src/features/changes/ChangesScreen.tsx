import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { AuditEntry } from "@worker/contract";
import { errorText } from "@/api/error-text";
import { useApi } from "@/api/swr";
import "@/styles/bookmaker.css";
import { CsvExport } from "@/features/figures/CsvExport";
import "@/features/figures/figures.css";
import { thisAndLastWeek } from "@/features/figures/period";
import { isolated, userTag } from "@/ui/bidi";
import { dateTime } from "@/ui/dates";
import { LoadFailed } from "@/ui/LoadFailed";
import { Page } from "@/ui/Page";
import { auditCsvLink, useAudit, type ChangesFilter } from "./api";
import { actionWords, changeText, type OutcomeNames } from "./change-text";
import { shownTitle } from "@/i18n/common-words";

// Beyond the spec (docs/decisions/figures.md, "Audit log and price history"): what changed in the book
// and who changed it, newest first (GET /audit), filtered by event or punter, as CSV too.

export function ChangesScreen() {
  const [filter, setFilter] = useState<ChangesFilter>({ ...thisAndLastWeek().thisWeek, eventId: "", userId: "" });
  const valid = filter.from !== "" && filter.to !== "" && filter.from <= filter.to;
  const rows = useAudit(filter, valid);
  const open = useApi("GET /events", { query: { view: "open" } });
  const history = useApi("GET /events", { query: { view: "history" } });
  const balances = useApi("GET /balances");
  const events = [...(open.data ?? []), ...(history.data ?? [])];
  const names: OutcomeNames = new Map(events.flatMap((e) => e.items.map((i) => [i.id, i.title] as const)));
  const eventTitles = new Map(events.map((e) => [e.id, `${shownTitle(e.title)} — ${e.description}`]));
  const punters = balances.data?.punters ?? [];
  const set = (change: Partial<ChangesFilter>) => setFilter({ ...filter, ...change });

  return (
    <Page backTo="/mainpage" className="bk figures">
      <h1 className="page-title">{t`Changes`}</h1>
      <div className="fig-dates changes-filters">
        <label>
          {t`From`}{" "}
          <input type="date" value={filter.from} max={filter.to} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          {t`To`}{" "}
          <input type="date" value={filter.to} min={filter.from} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </div>
      <div className="fig-dates changes-filters">
        <label>
          {t`Event`}{" "}
          <select value={filter.eventId} onChange={(e) => set({ eventId: e.target.value })}>
            <option value="">{t`All events`}</option>
            {events.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {eventTitles.get(e.id)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t`Punter`}{" "}
          <select value={filter.userId} onChange={(e) => set({ userId: e.target.value })}>
            <option value="">{t`All punters`}</option>
            {punters.map((p) => (
              <option key={p.user.internalId} value={String(p.user.internalId)}>
                {isolated(p.user.username)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {!valid ? (
        <p className="bk-empty">{t`Choose a start date on or before the end date.`}</p>
      ) : rows.error && !rows.data ? (
        <LoadFailed
          message={errorText(rows.error, t`Failed to load changes`)}
          onRetry={() => rows.mutate()}
          className="bk-empty error-text"
        />
      ) : !rows.data ? (
        <p className="bk-empty">{t`Loading...`}</p>
      ) : rows.data.length === 0 ? (
        <p className="bk-empty">{t`No changes in this period.`}</p>
      ) : (
        <ChangeList rows={rows.data} names={names} eventTitles={eventTitles} />
      )}

      {valid && <CsvExport linkOf={() => auditCsvLink(filter)} />}
    </Page>
  );
}

function ChangeList(props: { rows: AuditEntry[]; names: OutcomeNames; eventTitles: ReadonlyMap<number, string> }) {
  const { rows, names, eventTitles } = props;
  return (
    <ul className="changes" aria-label={t`Changes`}>
      {rows.map((r, i) => {
        const { eventId, note } = r;
        const username = r.actor.username;
        return (
          <li key={`${r.at}-${i}`} className="bk-card change" aria-label={actionWords(r.action)}>
            <div className="bk-row">
              <span className="bk-strong">{actionWords(r.action)}</span>
              <span className="bk-muted">{dateTime(r.at)}</span>
            </div>
            {eventId !== null && (
              <div className="bk-muted bk-ellipsis">{eventTitles.get(eventId) ?? t`Event #${eventId}`}</div>
            )}
            {r.userId !== null && (
              // Named by the answer: a staff member is in no punters' list, and a punter may have left it.
              <div className="bk-muted">{userTag(r.username ?? String(r.userId))}</div>
            )}
            <div className="change-what">{changeText(r, names)}</div>
            {note && <div className="hint">{t`“${note}”`}</div>}
            <div className="hint">{r.actor.userId === 0 ? t`by the system` : t`by @${username}`}</div>
          </li>
        );
      })}
    </ul>
  );
}
