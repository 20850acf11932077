import { t } from "@lingui/core/macro";
import { useState } from "react";
import { formatAmount } from "@/ui/amount";
import { Dialog } from "@/ui/Dialog";
import { Switch } from "@/ui/Switch";

interface EventsHeaderProps {
  name: string;
  /** A bookmaker without an active subscription shows in red. */
  active: boolean;
  coins: number | undefined;
  onTerms(): void;
  fractional: { shown: boolean; allowed: boolean; set(on: boolean): void };
}

/** The bookmaker's name, the punter's coins with him, his terms and the fractional-odds switch (ui/Switch, as every other). */
export function EventsHeader({ name, active, coins, onTerms, fractional }: EventsHeaderProps) {
  return (
    <header className="events-header">
      <h1 className={active ? "page-title" : "page-title negative"}>{name || t`Events`}</h1>
      <div className="events-coins">
        <span className="hint">{t`Your coins`}</span>
        <b>{coins !== undefined ? formatAmount(coins) : "…"}</b>
      </div>
      <div className="events-tools">
        <button type="button" className="link-button" onClick={onTerms}>
          {t`Terms and Conditions`}
        </button>
        <FractionalSwitch {...fractional} />
      </div>
    </header>
  );
}

/** Fractional odds need the bookmaker's FRACTAL_ODDS (docs/rules/screens.md, "Features"): else a dialog says so. */
function FractionalSwitch({ shown, allowed, set }: EventsHeaderProps["fractional"]) {
  const [refused, setRefused] = useState(false);
  return (
    <>
      <Switch
        label={t`Fractional odds`}
        checked={shown}
        onChange={(on) => (on && !allowed ? setRefused(true) : set(on))}
      />
      <Dialog open={refused} onClose={() => setRefused(false)} title={t`Fractional odds are unavailable`}>
        {t`This bookmaker does not have access to fractional odds.`}
      </Dialog>
    </>
  );
}
