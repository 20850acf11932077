import { useState } from "react";
import { useLocation } from "wouter";
import type { Id, JoinRequestItem } from "../../../../worker/contract";
import { errorText } from "../../api/error-text";
import "../../bookmaker/bookmaker.css";
import { Collapsible } from "../../ui/Collapsible";
import { LOW_BALANCE, useBookBalances, useJoinRequests } from "../../bookmaker/punters/data";
import { formatAmount } from "../../ui/amount";
import { Dialog } from "../../ui/Dialog";
import { Page } from "../../ui/Page";
import { ApproveDialog } from "./ApproveDialog";
import { ManagePunterDialog } from "./ManagePunterDialog";

export function PlayerManagementScreen() {
  const [, navigate] = useLocation();
  const balances = useBookBalances();
  const requests = useJoinRequests();
  const [request, setRequest] = useState<JoinRequestItem | null>(null);
  const [managedId, setManagedId] = useState<Id | null>(null);
  const lowBalance = useLowBalanceNotice(balances.data?.balance.amount);

  const punters = balances.data?.punters ?? [];
  const pending = requests.data ?? [];
  const managed = punters.find((p) => p.user.internalId === managedId) ?? null;
  const reload = () => {
    void balances.mutate();
    void requests.mutate();
  };

  return (
    <Page backTo="/mainpage" className="bk">
      <h1 className="page-title">My Punters</h1>
      <section className="bk-card bk-coins">
        <span className="bk-muted">My coins</span>
        <span className="bk-coins-amount">
          {balances.data ? formatAmount(balances.data.balance.amount) : balances.error ? "—" : "…"}
        </span>
      </section>
      {balances.error && <p className="bk-error">{errorText(balances.error)}</p>}

      <Collapsible title={`Requests (${pending.length})`}>
        {pending.length === 0 ? (
          <p className="bk-empty">No new requests.</p>
        ) : (
          <ul className="bk-list">
            {pending.map((r) => (
              <li key={r.joinRequest.id}>
                <button type="button" className="bk-card bk-tap bk-row-card" onClick={() => setRequest(r)}>
                  <span className="bk-ellipsis">@{r.user.username}</span>
                  <span className="bk-badge bk-badge-new">New</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Collapsible>

      <Collapsible title={`Punters (${punters.length})`}>
        {punters.length === 0 ? (
          <p className="bk-empty">
            {balances.data ? "No punters yet. Share your invite link from the main page." : "Loading..."}
          </p>
        ) : (
          <ul className="bk-list">
            {punters.map((p) => (
              <li key={p.user.internalId}>
                <button
                  type="button"
                  className="bk-card bk-tap bk-row-card"
                  onClick={() => setManagedId(p.user.internalId)}
                >
                  <span className="bk-punter">
                    <span className="bk-ellipsis bk-strong">@{p.user.username}</span>
                    <span className={p.note ? "bk-ellipsis" : "bk-ellipsis bk-muted"}>{p.note || "Note"}</span>
                  </span>
                  <span className="bk-punter-coins">{formatAmount(p.money.amount)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Collapsible>

      <ApproveDialog request={request} onClose={() => setRequest(null)} onDone={reload} />
      {managed && (
        <ManagePunterDialog
          key={managed.user.internalId}
          punter={managed}
          onClose={() => setManagedId(null)}
          onSaved={reload}
        />
      )}
      <Dialog
        open={lowBalance.open}
        onClose={lowBalance.dismiss}
        title="Your balance is low"
        buttons={[
          { label: "Cancel", onClick: lowBalance.dismiss },
          { label: "Buy Coins", onClick: () => navigate("/marketpage"), primary: true },
        ]}
      />
    </Page>
  );
}

/** Tells the bookmaker once per visit when his pool is below LOW_BALANCE coins. */
function useLowBalanceNotice(pool: number | undefined) {
  const [state, setState] = useState<"unseen" | "open" | "done">("unseen");
  // Set while rendering (React's "adjusting state when a prop changes"): no extra pass.
  if (state === "unseen" && pool !== undefined && pool < LOW_BALANCE) setState("open");
  return { open: state === "open", dismiss: () => setState("done") };
}
