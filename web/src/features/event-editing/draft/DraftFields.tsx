import { t } from "@lingui/core/macro";
import type { BookmakerEvent } from "@worker/contract";
import { splitTitle } from "../form";
import { EachWayControl } from "../EachWayControl";
import { PayoutField } from "../PayoutField";
import { RacingSwitches } from "../RacingSwitches";
import { ReturnSelect } from "../ReturnSelect";
import { WhenFields } from "../WhenFields";
import { Switch } from "@/ui/Switch";
import { activeOutcomes, type DraftEdit, type EditProblems } from "./state";
import { countryName, sportName } from "@/i18n/common-words";

/**
 * The draft's settings: what cannot change on a draft (sport, country, description) to read,
 * and the start, payout, return, equalizer, racing rules and each-way terms to edit. `problems` are shown
 * once the bookmaker has tried to save.
 */
export function DraftFields(props: {
  event: BookmakerEvent;
  edit: DraftEdit;
  onEdit(edit: DraftEdit): void;
  problems: EditProblems | null;
}) {
  const { event, edit, onEdit, problems } = props;
  const { sport, country } = splitTitle(event.title);
  const change = (part: Partial<DraftEdit>) => onEdit({ ...edit, ...part });
  return (
    <>
      <div className="bk-readonly">
        <ReadOnly label={t`Sport`} value={sportName(sport)} />
        <ReadOnly label={t`Country`} value={countryName(country)} />
      </div>
      <ReadOnly label={t`Description`} value={event.description || t`No description`} />
      <WhenFields
        date={edit.date}
        time={edit.time}
        onDate={(date) => change({ date })}
        onTime={(time) => change({ time })}
        dateError={problems?.date ?? null}
        timeError={problems?.time ?? null}
      />
      <div className="bk-pair">
        <PayoutField
          value={edit.maxTotalPayout}
          onChange={(maxTotalPayout) => change({ maxTotalPayout })}
          error={problems?.payout ?? null}
        />
        <ReturnSelect value={edit.returnPct} onChange={(returnPct) => change({ returnPct })} />
      </div>
      <Switch
        label={t`Equalizer Bot`}
        checked={edit.botEqualizer}
        onChange={(botEqualizer) => change({ botEqualizer })}
      />
      <RacingSwitches rules={edit} onChange={change} />
      <EachWayControl
        value={edit.eachWay}
        runners={activeOutcomes(event).length}
        onChange={(eachWay) => change({ eachWay })}
      />
    </>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="bk-field">
      <span className="bk-label">{label}</span>
      <span className="bk-readonly-value">{value}</span>
    </div>
  );
}
