import { t } from "@lingui/core/macro";
import { Fragment } from "react";
import type { BookmakerOutcome } from "@worker/contract";
import { OddsStepper } from "../OddsStepper";
import { deductionText } from "@/features/results/racing";
import { whatIfNumber } from "@/features/results/outcome";
import { formatAmount } from "@/ui/amount";
import { UNAVAILABLE_VALUE } from "@/features/market/FeatureUnavailable";
import { oddsText } from "@/ui/Odds";
import { startingPriceNow, type DraftEdit } from "./state";

interface DraftOutcomeRowProps {
  item: BookmakerOutcome;
  /** The places the PLACE column offers: 1 (the winner) without each-way, else the paying places. */
  places: number;
  edit: DraftEdit;
  onEdit(edit: DraftEdit): void;
  asFractional: boolean;
  whatIfHeld: boolean;
  /** The event takes SP bets or gives BOG: the result asks each runner's SP. */
  startingPrice: boolean;
}

/**
 * One outcome of the member list: its odds (a picker unless withdrawn or set by the
 * equalizer), its NR box and place (0 to the paying places; ties allowed) while it runs, and what the book makes if it wins.
 */
export function DraftOutcomeRow(props: DraftOutcomeRowProps) {
  const { item, places, edit, onEdit, asFractional, whatIfHeld, startingPrice } = props;
  const withdrawn = item.status !== "ACTIVE";
  const whatIf = whatIfNumber(item.whatIf);
  const outcome = item.title;
  return (
    <Fragment>
      <tr className={withdrawn ? "bk-withdrawn" : undefined}>
        <td className="bk-cell-title">
          {item.title}
          {item.deduction > 0 && <span className="bk-muted bk-deduction">{deductionText(item.deduction)}</span>}
        </td>
        <td>
          {withdrawn || edit.botEqualizer ? (
            <span className="odds">{oddsText(item.currCoefficient, item.currFractalCoefficient, asFractional)}</span>
          ) : (
            <OddsStepper
              label={t`Odds of ${outcome}`}
              value={edit.odds[item.id]}
              asFractional={asFractional}
              onChange={(odds) => onEdit({ ...edit, odds: { ...edit.odds, [item.id]: odds } })}
            />
          )}
        </td>
        <td>
          {withdrawn ? (
            <span className="bk-muted">{t`NR`}</span>
          ) : (
            // The label around the box makes it a 44 px target.
            <label className="bk-check-target">
              <input
                type="checkbox"
                className="bk-check"
                aria-label={t`${outcome} is a non-runner`}
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
              aria-label={t`Place of ${outcome}`}
              // A place past the paying ones (terms changed since) counts as unplaced.
              value={(edit.place[item.id] ?? 0) <= places ? (edit.place[item.id] ?? 0) : 0}
              onChange={(e) => onEdit({ ...edit, place: { ...edit.place, [item.id]: Number(e.target.value) } })}
            >
              {Array.from({ length: places + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </td>
        <td className={whatIfHeld && whatIf < 0 ? "bk-num negative" : "bk-num"}>
          {whatIfHeld ? formatAmount(whatIf) : UNAVAILABLE_VALUE}
        </td>
      </tr>
      {startingPrice && !withdrawn && (
        // Its SP for the result: the last price offered unless he enters another.
        <tr className="bk-sp-row">
          <td className="bk-muted">{t`SP`}</td>
          {/* Under the odds it defaults to, on the ladder as they are. */}
          <td>
            <OddsStepper
              label={t`SP of ${outcome}`}
              value={edit.startingPrices[item.id] ?? startingPriceNow(item)}
              asFractional={asFractional}
              onChange={(odds) => onEdit({ ...edit, startingPrices: { ...edit.startingPrices, [item.id]: odds } })}
            />
          </td>
          <td colSpan={3} />
        </tr>
      )}
    </Fragment>
  );
}
