import { useId } from "react";
import {
  FRACTION_MAX,
  PLACES_MAX,
  standardTerms,
  termsInForce,
  termsText,
  type EachWay,
  type PlaceTerms,
} from "@common/each-way";

type Kind = "standard" | "custom" | "off";

const kindOf = (value: EachWay): Kind => (value === null ? "off" : value === "standard" ? "standard" : "custom");
const firstCustom = (runners: number): PlaceTerms => {
  const standard = standardTerms(runners);
  return standard.places > 1 ? standard : standardTerms(5);
};
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The terms in force in the words punters read, or that the event takes no each-way bets. */
export function eachWayNote(value: EachWay, runners: number): string {
  const terms = termsInForce(value, runners);
  if (!terms) return "No each-way bets";
  return value === "standard" ? `${termsText(terms)} (standard: follows the runners)` : termsText(terms);
}

/**
 * Each-way terms beside Rule 4 and dead heat: standard (by the runners at settlement), the
 * bookmaker's own places and fraction, or off; under it, the terms in force with `runners` running.
 */
export function EachWayControl({
  value,
  runners,
  onChange,
}: {
  value: EachWay;
  runners: number;
  onChange(value: EachWay): void;
}) {
  const id = useId();
  const kind = kindOf(value);
  // Custom terms start from the standard ones for this field, the bookmaker's usual, or from
  // the first standard terms that pay places when a small field's pay none.
  const custom: PlaceTerms = typeof value === "object" && value !== null ? value : firstCustom(runners);
  const pick = (k: Kind) => onChange(k === "off" ? null : k === "standard" ? "standard" : custom);
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        Each-way
      </label>
      <select id={id} className="bk-input" value={kind} onChange={(e) => pick(e.target.value as Kind)}>
        <option value="standard">Standard</option>
        <option value="custom">Custom</option>
        <option value="off">Off</option>
      </select>
      {kind === "custom" && (
        <div className="bk-pair">
          <select
            className="bk-input"
            aria-label="Each-way places"
            value={custom.places}
            onChange={(e) => onChange({ ...custom, places: Number(e.target.value) })}
          >
            {upTo(PLACES_MAX).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "place" : "places"}
              </option>
            ))}
          </select>
          <select
            className="bk-input"
            aria-label="Each-way fraction"
            value={custom.fraction}
            onChange={(e) => onChange({ ...custom, fraction: Number(e.target.value) })}
          >
            {upTo(FRACTION_MAX).map((n) => (
              <option key={n} value={n}>
                1/{n} odds
              </option>
            ))}
          </select>
        </div>
      )}
      <span className="bk-muted">{eachWayNote(value, runners)}</span>
    </div>
  );
}
