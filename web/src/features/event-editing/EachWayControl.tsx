import { plural, t } from "@lingui/core/macro";
import { useId } from "react";
import { FRACTION_MAX, PLACES_MAX, standardTerms, termsInForce, type EachWay, type PlaceTerms } from "@common/each-way";
import { termsWords } from "@/i18n/common-words";

type Kind = "standard" | "custom" | "off";

const kindOf = (value: EachWay): Kind => (value === null ? "off" : value === "standard" ? "standard" : "custom");
const firstCustom = (runners: number): PlaceTerms => {
  const standard = standardTerms(runners);
  return standard.places > 1 ? standard : standardTerms(5);
};
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The terms in force in the words punters read, or that the event takes no each-way bets. */
export function eachWayNote(value: EachWay, runners: number): string {
  const inForce = termsInForce(value, runners);
  if (!inForce) return t`No each-way bets`;
  const terms = termsWords(inForce);
  return value === "standard" ? t`${terms} (standard: follows the runners)` : terms;
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
        {t`Each-way`}
      </label>
      <select id={id} className="bk-input" value={kind} onChange={(e) => pick(e.target.value as Kind)}>
        <option value="standard">{t`Standard`}</option>
        <option value="custom">{t`Custom`}</option>
        <option value="off">{t`Off`}</option>
      </select>
      {kind === "custom" && (
        <div className="bk-pair bk-pair-fit">
          <select
            className="bk-input"
            aria-label={t`Each-way places`}
            value={custom.places}
            onChange={(e) => onChange({ ...custom, places: Number(e.target.value) })}
          >
            {upTo(PLACES_MAX).map((places) => (
              <option key={places} value={places}>
                {plural(places, { one: "# place", other: "# places" })}
              </option>
            ))}
          </select>
          <select
            className="bk-input"
            aria-label={t`Each-way fraction`}
            value={custom.fraction}
            onChange={(e) => onChange({ ...custom, fraction: Number(e.target.value) })}
          >
            {upTo(FRACTION_MAX).map((fraction) => (
              <option key={fraction} value={fraction}>
                {t`1/${fraction} odds`}
              </option>
            ))}
          </select>
        </div>
      )}
      <span className="bk-muted">{eachWayNote(value, runners)}</span>
    </div>
  );
}
