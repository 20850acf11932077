import { t } from "@lingui/core/macro";
import { useId } from "react";
import { parseCoins } from "./coins";
import { fieldNumber } from "@/ui/in-language";

const STEP = 1;
/** Quick amounts beside the counter (docs/decisions/screens.md, "The mini-app's screens"): coins are given in round sums more than one by one. */
const QUICK = [10, 50, 100];

/**
 * The manage dialog's coin counter (docs/rules/screens.md, "Coin counter"): − and + move by one coin, never below 0;
 * typed text is read as coins when he leaves the field. +10, +50 and +100 add those at once.
 */
export function CoinCounter({ text, onText }: { text: string; onText(text: string): void }) {
  const id = useId();
  const coins = parseCoins(text);
  const step = (by: number) => onText(fieldNumber(Math.max(0, Math.round((coins + by) * 100) / 100)));
  return (
    <div className="bk-field">
      <label className="bk-label" htmlFor={id}>
        {t`Coins`}
      </label>
      <div className="bk-counter">
        <button
          type="button"
          className="button button-secondary bk-counter-step"
          aria-label={t`Less coins`}
          onClick={() => step(-STEP)}
          disabled={coins <= 0}
        >
          −
        </button>
        <input
          id={id}
          className="bk-input bk-counter-input"
          inputMode="decimal"
          value={text}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => onText(fieldNumber(coins))}
        />
        <button
          type="button"
          className="button button-secondary bk-counter-step"
          aria-label={t`More coins`}
          onClick={() => step(STEP)}
        >
          +
        </button>
      </div>
      <div className="bk-counter-quick">
        {QUICK.map((by) => (
          <button key={by} type="button" className="button button-secondary" onClick={() => step(by)}>
            +{by}
          </button>
        ))}
      </div>
    </div>
  );
}
