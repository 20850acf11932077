import { useId, useState } from "react";
import { useLocation } from "wouter";
import type { PunterBalance } from "../../../../worker/contract";
import { call } from "../../api/call";
import { errorText, poolErrorText } from "../../api/error-text";
import { useAction } from "../../api/useAction";
import { coinMove, parseCoins } from "../../bookmaker/punters/coins";
import { Dialog } from "../../ui/Dialog";
import type { HistoryOfUserState } from "../historyofuser/state";

const STEP = 1;

/**
 * One punter's coins and note: the counter's difference becomes one add or subtract call.
 * Keyed by the punter: another punter opens a fresh form, while polls of the same one leave
 * what is typed alone.
 */
export function ManagePunterDialog({
  punter,
  onClose,
  onSaved,
}: {
  punter: PunterBalance;
  onClose(): void;
  onSaved(): void;
}) {
  const [, navigate] = useLocation();
  const [coinsText, setCoinsText] = useState(() => String(punter.money.amount));
  const [note, setNote] = useState(punter.note);
  const coinsId = useId();
  const noteId = useId();
  const { busy, error, run } = useAction({
    // Adding coins takes them from his pool; taking them back only from the punter.
    text: (err) =>
      coinMove(punter.money.amount, parseCoins(coinsText))?.route === "POST /balances/add"
        ? poolErrorText(err)
        : errorText(err),
    onError: onSaved,
  });

  const coins = parseCoins(coinsText);
  const step = (by: number) => setCoinsText(String(parseCoins(String(Math.round((coins + by) * 100) / 100))));

  const save = () =>
    run(async () => {
      const move = coinMove(punter.money.amount, coins);
      if (move)
        await call(move.route, {
          body: { userId: punter.user.internalId, balance: { amount: move.amount, currency: "COIN" } },
        });
      if (note !== punter.note)
        await call("POST /balances/addNote", { body: { userId: punter.user.internalId, note } });
      onSaved();
      onClose();
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={`@${punter.user.username}`}
      buttons={[
        {
          label: "History",
          onClick: () =>
            navigate(`/historyofuser/${encodeURIComponent(punter.user.username)}`, {
              state: { userId: punter.user.internalId } satisfies HistoryOfUserState,
            }),
        },
        { label: "Cancel", onClick: onClose },
        { label: "Save", onClick: () => void save(), primary: true, disabled: busy },
      ]}
    >
      <div className="bk-form">
        <div className="bk-field">
          <label className="bk-label" htmlFor={coinsId}>
            Coins
          </label>
          <div className="bk-counter">
            <button
              type="button"
              className="button button-secondary bk-counter-step"
              aria-label="Less coins"
              onClick={() => step(-STEP)}
              disabled={coins <= 0}
            >
              −
            </button>
            <input
              id={coinsId}
              className="bk-input bk-counter-input"
              inputMode="decimal"
              value={coinsText}
              onChange={(e) => setCoinsText(e.target.value)}
              onBlur={() => setCoinsText(String(coins))}
            />
            <button
              type="button"
              className="button button-secondary bk-counter-step"
              aria-label="More coins"
              onClick={() => step(STEP)}
            >
              +
            </button>
          </div>
        </div>
        <div className="bk-field">
          <label className="bk-label" htmlFor={noteId}>
            Note
          </label>
          <input
            id={noteId}
            className="bk-input"
            value={note}
            maxLength={200}
            placeholder="Any text about punter/user"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {error && (
          <p className="bk-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
