import { useState } from "react";
import type { BookmakerEvent } from "../../../../worker/contract";
import { OddsSelect } from "../../bookmaker/events/OddsSelect";
import { deductionText } from "../../events/racing";
import { whatIfNumber } from "../../events/ResultDialog";
import { formatAmount } from "../../ui/amount";
import { FeatureUnavailable, UNAVAILABLE_VALUE } from "../../ui/FeatureUnavailable";
import { oddsText } from "../../ui/Odds";
import type { DraftEdit } from "./state";

/** 'Member list' of the draft screen: odds (by hand unless the equalizer is on), NR, PLACE and WHAT IF. */
export function ManageMembers(props: {
  event: BookmakerEvent;
  edit: DraftEdit;
  onEdit(edit: DraftEdit): void;
  asFractional: boolean;
  whatIfHeld: boolean;
}) {
  const { event, edit, onEdit, asFractional, whatIfHeld } = props;
  const [asked, setAsked] = useState(false);
  return (
    <section className="bk-field" aria-label="Member list">
      <h2 className="bk-subtitle">Member list</h2>
      <table className="bk-table bk-manage">
        <thead>
          <tr>
            <th className="bk-mc-outcome">OUTCOME</th>
            <th className="bk-mc-odds">ODDS</th>
            <th className="bk-mc-nr">NR</th>
            <th className="bk-mc-place">PLACE</th>
            <th className="bk-mc-whatif bk-num">
              {whatIfHeld ? (
                "WHAT IF"
              ) : (
                <button type="button" className="bk-link-button" onClick={() => setAsked(true)}>
                  WHAT IF
                </button>
              )}
            </th>
          </tr>
        </thead>
        <tbody>
          {event.items.map((item) => {
            const withdrawn = item.status !== "ACTIVE";
            const whatIf = whatIfNumber(item.whatIf);
            return (
              <tr key={item.id} className={withdrawn ? "bk-withdrawn" : undefined}>
                <td className="bk-cell-title">
                  {item.title}
                  {item.deduction > 0 && <span className="bk-muted bk-deduction">{deductionText(item.deduction)}</span>}
                </td>
                <td>
                  {withdrawn || edit.botEqualizer ? (
                    <span className="odds">
                      {oddsText(item.currCoefficient, item.currFractalCoefficient, asFractional)}
                    </span>
                  ) : (
                    <OddsSelect
                      label={`Odds of ${item.title}`}
                      value={edit.odds[item.id]}
                      asFractional={asFractional}
                      onChange={(odds) => onEdit({ ...edit, odds: { ...edit.odds, [item.id]: odds } })}
                    />
                  )}
                </td>
                <td>
                  {withdrawn ? (
                    <span className="bk-muted">NR</span>
                  ) : (
                    // The label around the box makes it a 44 px target.
                    <label className="bk-check-target">
                      <input
                        type="checkbox"
                        className="bk-check"
                        aria-label={`${item.title} is a non-runner`}
                        checked={Boolean(edit.nr[item.id])}
                        onChange={(e) => onEdit({ ...edit, nr: { ...edit.nr, [item.id]: e.target.checked } })}
                      />
                    </label>
                  )}
                </td>
                <td>
                  {!withdrawn && (
                    <select
                      className="bk-input bk-place"
                      aria-label={`Place of ${item.title}`}
                      value={edit.place[item.id] ?? 0}
                      onChange={(e) =>
                        onEdit({ ...edit, place: { ...edit.place, [item.id]: e.target.value === "1" ? 1 : 0 } })
                      }
                    >
                      <option value={0}>0</option>
                      <option value={1}>1</option>
                    </select>
                  )}
                </td>
                <td className={whatIfHeld && whatIf < 0 ? "bk-num negative" : "bk-num"}>
                  {whatIfHeld ? formatAmount(whatIf) : UNAVAILABLE_VALUE}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FeatureUnavailable open={asked} onClose={() => setAsked(false)} />
    </section>
  );
}
