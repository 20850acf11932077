import { t } from "@lingui/core/macro";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import type { PunterBalance } from "@worker/contract";
import { errorText, poolErrorText } from "@/api/error-text";
import { useAction } from "@/api/useAction";
import { CoinCounter } from "./CoinCounter";
import { coinMove, parseCoins, savePunter } from "./coins";
import { useBookBalances } from "./data";
import { defaultText, savePunterLimits } from "@/features/limits/limits";
import { LimitFields, useLimitsForm } from "@/features/limits/LimitsForm";
import { userTag } from "@/ui/bidi";
import { Dialog } from "@/ui/Dialog";
import type { HistoryOfUserState } from "@/navigation/historyofuser";
import { useNotes, shownNote } from "@/store/notes";
import { fieldNumber } from "@/ui/in-language";

/**
 * One punter's coins, note and limits (empty: the book's default, shown as the placeholder):
 * the counter's difference becomes one add or subtract call, changed limits one more.
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
  const [coinsText, setCoinsText] = useState(() => fieldNumber(punter.money.amount));
  // His note as this device shows it: one kept here and not yet in the API's answer included.
  const [note, setNote] = useState(() => shownNote(useNotes.getState().byUser[punter.user.internalId], punter.note));
  const form = useLimitsForm({
    maxStake: punter.limits.maxStake,
    maxPayoutPerEvent: punter.limits.maxPayoutPerEvent,
  });
  const defaults = useBookBalances().data?.limits;
  const noteId = useId();
  const { busy, error, run } = useAction({
    // Adding coins takes them from his pool; taking them back only from the punter.
    text: (err) =>
      coinMove(punter.money.amount, parseCoins(coinsText))?.route === "POST /balances/add"
        ? poolErrorText(err)
        : errorText(err),
    onError: onSaved,
  });

  const save = () => {
    const limits = form.typed();
    if (!limits) return;
    void run(async () => {
      await savePunter(punter, parseCoins(coinsText), note);
      await savePunterLimits(punter.user.internalId, punter.limits, limits);
      onSaved();
      onClose();
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={userTag(punter.user.username)}
      buttons={[
        {
          label: t`History`,
          onClick: () =>
            navigate(`/historyofuser/${encodeURIComponent(punter.user.username)}`, {
              state: { userId: punter.user.internalId } satisfies HistoryOfUserState,
            }),
        },
        { label: t`Cancel`, onClick: onClose },
        { label: t`Save`, onClick: save, primary: true, disabled: busy },
      ]}
    >
      <div className="bk-form">
        <CoinCounter text={coinsText} onText={setCoinsText} />
        <div className="bk-field">
          <label className="bk-label" htmlFor={noteId}>
            {t`Note`}
          </label>
          <input
            id={noteId}
            className="bk-input"
            value={note}
            maxLength={200}
            placeholder={t`Any text about punter/user`}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <LimitFields
          form={form}
          placeholders={{
            maxStake: defaultText(defaults?.maxStake),
            maxPayoutPerEvent: defaultText(defaults?.maxPayoutPerEvent),
          }}
        />
        {(form.problem ?? error) && (
          <p className="bk-error" role="alert">
            {form.problem ?? error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
