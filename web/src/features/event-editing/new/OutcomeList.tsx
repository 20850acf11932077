import { t } from "@lingui/core/macro";
import type { ClipboardEvent } from "react";
import { newRow, type OutcomeRow } from "../form";
import { pastedOutcomes } from "../paste";
import { OutcomeRowEditor } from "./OutcomeRowEditor";

/** Puts pasted names into row `index` and the empty rows after it, adding rows as needed. */
export function fillFromPaste(rows: OutcomeRow[], index: number, names: string[]): OutcomeRow[] {
  if (names.length === 0) return rows;
  const next = [...rows];
  next[index] = { ...next[index], title: names[0] };
  let at = index + 1;
  for (const name of names.slice(1)) {
    while (at < next.length && next[at].title.trim()) at++;
    if (at < next.length) next[at] = { ...next[at], title: name };
    else next.push(newRow(name));
    at++;
  }
  return next;
}

/** 'Member list': the outcomes with the bookmaker's odds and the odds punters get now. */
export function OutcomeList(props: {
  rows: OutcomeRow[];
  onChange(rows: OutcomeRow[]): void;
  asFractional: boolean;
  rowErrors?: Record<number, string>;
  listError?: string;
}) {
  const { rows, onChange, asFractional } = props;
  const update = (key: number, change: Partial<OutcomeRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  function onPaste(e: ClipboardEvent<HTMLInputElement>, index: number) {
    const others = rows.filter((_, i) => i !== index).map((r) => r.title);
    const names = pastedOutcomes(e.clipboardData.getData("text"), others);
    if (names === null) return; // one name: an ordinary paste
    e.preventDefault();
    onChange(fillFromPaste(rows, index, names));
  }

  return (
    <section className="bk-field" aria-label={t`Member list`}>
      <h2 className="bk-subtitle">{t`Member list`}</h2>
      <p className="bk-muted">
        {t`Tip: paste a list (one per line, or separated by commas) to fill several outcomes at once.`}
      </p>
      <table className="bk-table bk-members">
        <thead>
          <tr>
            <th className="bk-col-outcome">{t`OUTCOME`}</th>
            <th className="bk-col-odds">{t`YOUR ODDS`}</th>
            <th className="bk-col-curr bk-num">{t`CURRENT ODDS`}</th>
            <th className="bk-col-remove">
              <span className="visually-hidden">{t`Remove`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <OutcomeRowEditor
              key={row.key}
              row={row}
              index={index}
              asFractional={asFractional}
              error={props.rowErrors?.[row.key]}
              onChange={(change) => update(row.key, change)}
              onPaste={(e) => onPaste(e, index)}
              onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
            />
          ))}
        </tbody>
      </table>
      {props.listError && (
        <p className="bk-error" role="alert">
          {props.listError}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary button-wide"
        onClick={() => onChange([...rows, newRow()])}
      >
        {t`Add member to list`}
      </button>
    </section>
  );
}
