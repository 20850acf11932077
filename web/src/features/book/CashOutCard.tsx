import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { CashOutSetting, Id } from "@worker/contract";
import { useApi } from "@/api/swr";
import { useAction } from "@/api/useAction";
import { LimitField } from "@/features/limits/LimitField";
import { Dialog } from "@/ui/Dialog";
import { Switch } from "@/ui/Switch";
import { saveCashOut } from "./api";
import { PenIcon } from "./icons";

// The book's cash out (docs/rules/cash-out.md "Cash out"), beside its limits: offered to its punters or not, and
// the margin it keeps of a fair value. The margin is typed as a percentage, 0 to 50.

/** A typed margin as the API takes it (0.05 for 5 %), or undefined when it is not one. */
function parseMargin(text: string): number | undefined {
  const pct = Number(text.trim().replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(pct) || pct < 0 || pct > 50 || Math.round(pct) !== pct) return undefined;
  return pct / 100;
}

const percent = (margin: number) => String(Math.round(margin * 100));

export function CashOutCard({ bookmakerId }: { bookmakerId: Id }) {
  const setting = useApi("GET /bookmakers/:bookmakerId/cashout", { params: { bookmakerId } });
  const [editing, setEditing] = useState(false);
  const now = setting.data;
  const margin = now ? percent(now.margin) : "";
  return (
    <section className="bk-card" aria-label={t`Cash out`}>
      <div className="bk-row">
        <span className="bk-muted">{t`Cash out`}</span>
        <button
          type="button"
          className="bk-icon-button"
          aria-label={t`Edit cash out`}
          disabled={!now}
          onClick={() => setEditing(true)}
        >
          <PenIcon />
        </button>
      </div>
      {now && (
        <div className="bk-row">
          <span>{now.enabled ? t`Offered to punters` : t`Off`}</span>
          <span>{t`Margin ${margin}%`}</span>
        </div>
      )}
      {editing && now && (
        <CashOutDialog
          bookmakerId={bookmakerId}
          setting={now}
          onClose={() => setEditing(false)}
          onSaved={(saved) => void setting.mutate(saved, { revalidate: false })}
        />
      )}
    </section>
  );
}

function CashOutDialog(props: {
  bookmakerId: Id;
  setting: CashOutSetting;
  onClose(): void;
  onSaved(saved: CashOutSetting): void;
}) {
  const { bookmakerId, setting, onClose, onSaved } = props;
  const [enabled, setEnabled] = useState(setting.enabled);
  const [margin, setMargin] = useState(percent(setting.margin));
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const save = () => {
    const typed = parseMargin(margin);
    if (typed === undefined) return setProblem(t`The margin is a whole percentage from 0 to 50.`);
    setProblem(null);
    void run(async () => {
      onSaved(await saveCashOut(bookmakerId, enabled, typed));
      onClose();
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Cash out`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: t`Save`, onClick: save, primary: true, disabled: busy },
      ]}
    >
      <div className="bk-form">
        <p className="bk-muted">
          {t`Punters may settle an open bet early, before its event starts, for its value at the prices now less your margin.`}
        </p>
        <Switch label={t`Offer cash out`} checked={enabled} onChange={setEnabled} />
        <LimitField label={t`Margin (%)`} text={margin} onText={setMargin} placeholder="5" invalid={problem !== null} />
        {(problem ?? error) && (
          <p className="bk-error" role="alert">
            {problem ?? error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
