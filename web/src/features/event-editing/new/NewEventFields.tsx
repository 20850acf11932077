import { t } from "@lingui/core/macro";
import { EachWayControl } from "../EachWayControl";
import { PayoutField } from "../PayoutField";
import { RacingSwitches } from "../RacingSwitches";
import { ReturnSelect } from "../ReturnSelect";
import { WhenFields } from "../WhenFields";
import { eachWayOf, rulesOf } from "../form";
import { Switch } from "@/ui/Switch";
import { CountrySelect, SportSelect } from "./CatalogueSelects";
import { DescriptionField } from "./DescriptionField";
import { OutcomeList } from "./OutcomeList";
import type { NewEventForm } from "./useNewEventForm";

/** Every field of the New Event form, each with its problem once it shows. */
export function NewEventFields({ event, asFractional }: { event: NewEventForm; asFractional: boolean }) {
  const { form, set, shown, errors } = event;
  return (
    <>
      <div className="bk-pair">
        <SportSelect value={form.sport} onChange={(v) => set("sport", v)} />
        <CountrySelect value={form.country} onChange={(v) => set("country", v)} />
      </div>
      <DescriptionField value={form.description} onChange={(v) => set("description", v)} error={shown("description")} />
      <WhenFields
        date={form.date}
        time={form.time}
        onDate={(v) => set("date", v)}
        onTime={(v) => set("time", v)}
        dateError={shown("date")}
        timeError={shown("time")}
      />
      <div className="bk-pair">
        <PayoutField
          value={form.maxTotalPayout}
          onChange={(v) => set("maxTotalPayout", v)}
          error={shown("maxTotalPayout")}
        />
        <ReturnSelect value={form.returnPct} onChange={(v) => set("returnPct", v)} />
      </div>
      <Switch label={t`Equalizer Bot`} checked={form.botEqualizer} onChange={(v) => set("botEqualizer", v)} />
      <RacingSwitches rules={rulesOf(form)} onChange={event.change} />
      <EachWayControl
        value={eachWayOf(form)}
        runners={form.outcomes.filter((r) => r.title.trim()).length}
        onChange={(eachWay) => set("eachWay", eachWay)}
      />
      <OutcomeList
        rows={form.outcomes}
        onChange={(rows) => set("outcomes", rows)}
        asFractional={asFractional}
        rowErrors={errors.rows}
        listError={event.submitted ? errors.outcomes : undefined}
      />
    </>
  );
}
