import { t } from "@lingui/core/macro";
import { useId, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { i18n } from "@/i18n/runtime";
import { formatAmount } from "@/ui/amount";
import { useOutsideTap } from "@/ui/useOutsideTap";
import { VolumeMenu } from "./VolumeMenu";
import { amountOf, customAmount, NO_BET, VOLUME_CHOICES, type Stake, type VolumeChoice } from "./volume";

export interface VolumeSelectorProps {
  outcome: string;
  maxTotalPayout: number;
  coefficient: number;
  /** What the outcome still takes (the API's maxStake). */
  room?: number;
  coins: number;
  value: Stake;
  onChange(stake: Stake): void;
}

/** The spec's dropdown: at most 240 px high, 8 px from its button, 12 px from the edges. */
const MENU_MAX = 240;
const MENU_GAP = 8;
const EDGE_MARGIN = 12;

/**
 * Where the menu fits: below its button, or above when the dialog (or the screen) has more
 * room there, so the last outcomes' menus are not cut off by the dialog's edge.
 */
export function placeMenu(button: HTMLElement): CSSProperties {
  const box = button.getBoundingClientRect();
  const frame = button.closest('[role="dialog"]')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  const below = frame.bottom - box.bottom - MENU_GAP - EDGE_MARGIN;
  const above = box.top - frame.top - MENU_GAP - EDGE_MARGIN;
  if (below >= MENU_MAX || below >= above)
    return { top: `calc(100% + ${MENU_GAP}px)`, maxHeight: Math.max(120, Math.min(MENU_MAX, below)) };
  return { bottom: `calc(100% + ${MENU_GAP}px)`, top: "auto", maxHeight: Math.min(MENU_MAX, above) };
}

const labelOf = (choice: VolumeChoice) => {
  const label = VOLUME_CHOICES.find((c) => c.choice === choice)?.label;
  return label ? i18n._(label) : t`No Bet`;
};

/**
 * The stake picker of one outcome: presets of the max stake, or 'My bet'. Closing with 'My bet'
 * and no positive amount goes back to No Bet (docs/rules/betting.md, "Bet dialog").
 */
export function VolumeSelector({
  outcome,
  maxTotalPayout,
  coefficient,
  room,
  coins,
  value,
  onChange,
}: VolumeSelectorProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [placement, setPlacement] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = () => {
    setOpen(false);
    if (value.choice === "custom" && !(value.amount > 0)) onChange(NO_BET);
  };
  useOutsideTap(open, root, close);

  useLayoutEffect(() => {
    const button = root.current?.querySelector("button");
    if (open && button) setPlacement(placeMenu(button));
  }, [open]);

  const pick = (choice: VolumeChoice) => {
    if (choice === "custom") {
      onChange({ choice, amount: customAmount(typed, maxTotalPayout, coefficient, coins, room) ?? 0 });
      return;
    }
    onChange({ choice, amount: amountOf(choice, maxTotalPayout, coefficient, coins, room) });
    setOpen(false);
  };

  const type = (text: string) => {
    setTyped(text);
    const amount = customAmount(text, maxTotalPayout, coefficient, coins, room);
    // Not a number: ignored, the last amount stays.
    if (amount !== null) onChange({ choice: "custom", amount });
  };

  const shown = value.choice === "none" ? t`No Bet` : `${labelOf(value.choice)} · ${formatAmount(value.amount)}`;

  return (
    <div className="volume" ref={root}>
      <button
        type="button"
        className={value.choice === "none" ? "volume-button" : "volume-button volume-chosen"}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t`Bet on ${outcome}: ${shown}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span>{shown}</span>
        <span aria-hidden="true" className="volume-caret">
          ▾
        </span>
      </button>
      {open && (
        <VolumeMenu
          id={listId}
          outcome={outcome}
          style={placement}
          value={value}
          amountOf={(choice) => amountOf(choice, maxTotalPayout, coefficient, coins, room)}
          onPick={pick}
          typed={typed}
          onType={type}
          onDone={close}
        />
      )}
    </div>
  );
}
