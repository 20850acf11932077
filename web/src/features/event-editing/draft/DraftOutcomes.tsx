import { t } from "@lingui/core/macro";
import { useEffect, useRef, useState } from "react";
import type { BookmakerEvent } from "@worker/contract";
import { FeatureUnavailable } from "@/features/market/FeatureUnavailable";
import { DraftOutcomeRow } from "./DraftOutcomeRow";
import { placesOffered, type DraftEdit } from "./state";

/** 'Member list' of the draft screen: odds (by hand unless the equalizer is on), NR, PLACE and WHAT IF. */
export function DraftOutcomes(props: {
  event: BookmakerEvent;
  edit: DraftEdit;
  onEdit(edit: DraftEdit): void;
  asFractional: boolean;
  whatIfHeld: boolean;
  /** Opened for the result: the list scrolled into view and the first place picker focused. */
  atResult?: boolean;
}) {
  const { event, edit, onEdit, asFractional, whatIfHeld, atResult } = props;
  const [asked, setAsked] = useState(false);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!atResult) return;
    section.current?.scrollIntoView?.({ block: "start" });
    section.current?.querySelector<HTMLSelectElement>(".bk-place")?.focus();
  }, [atResult]);
  return (
    <section className="bk-field" aria-label={t`Member list`} ref={section}>
      <h2 className="bk-subtitle">{t`Member list`}</h2>
      <table className="bk-table bk-manage">
        <thead>
          <tr>
            <th className="bk-mc-outcome">{t`OUTCOME`}</th>
            <th className="bk-mc-odds">{t`ODDS`}</th>
            <th className="bk-mc-nr">{t`NR`}</th>
            <th className="bk-mc-place">{t`PLACE`}</th>
            <th className="bk-mc-whatif bk-num">
              {whatIfHeld ? (
                t`WHAT IF`
              ) : (
                <button type="button" className="bk-link-button" onClick={() => setAsked(true)}>
                  {t`WHAT IF`}
                </button>
              )}
            </th>
          </tr>
        </thead>
        <tbody>
          {event.items.map((item) => (
            <DraftOutcomeRow
              key={item.id}
              item={item}
              places={placesOffered(event, edit)}
              edit={edit}
              onEdit={onEdit}
              asFractional={asFractional}
              whatIfHeld={whatIfHeld}
              startingPrice={event.sp || event.bog}
            />
          ))}
        </tbody>
      </table>
      {event.sp && whatIfHeld && <p className="bk-muted bk-rule-note">{t`SP bets counted at today's price`}</p>}
      <FeatureUnavailable open={asked} onClose={() => setAsked(false)} unlock="WHAT_IF" />
    </section>
  );
}
