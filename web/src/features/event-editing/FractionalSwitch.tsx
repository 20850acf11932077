import { t } from "@lingui/core/macro";
import { LockedFeature } from "@/features/market/FeatureUnavailable";
import { Switch } from "@/ui/Switch";
import { useOwnFractional } from "./useOwnFractional";

/** The bookmaker's fractional-odds switch with its refusal popup, which offers FRACTAL_ODDS in the Market. */
export function FractionalSwitch({ fractional }: { fractional: ReturnType<typeof useOwnFractional> }) {
  return (
    <>
      <Switch label={t`Fractional odds`} checked={fractional.on} onChange={fractional.toggle} />
      <LockedFeature
        open={fractional.refused}
        onClose={fractional.closeRefusal}
        title={t`Fractional odds are not available`}
        unlock="FRACTAL_ODDS"
      >
        {t`To use fractional odds you need an active FRACTAL_ODDS subscription.`}
      </LockedFeature>
    </>
  );
}
