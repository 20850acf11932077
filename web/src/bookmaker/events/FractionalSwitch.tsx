import { Dialog } from "../../ui/Dialog";
import { Switch } from "../../ui/Switch";
import { useOwnFractional } from "./useOwnFractional";

/** The bookmaker's fractional-odds switch with its refusal popup. */
export function FractionalSwitch({ fractional }: { fractional: ReturnType<typeof useOwnFractional> }) {
  return (
    <>
      <Switch label="Fractional odds" checked={fractional.on} onChange={fractional.toggle} />
      <Dialog open={fractional.refused} onClose={fractional.closeRefusal} title="Fractional odds are not available">
        To use fractional odds you need an active FRACTAL_ODDS subscription.
      </Dialog>
    </>
  );
}
