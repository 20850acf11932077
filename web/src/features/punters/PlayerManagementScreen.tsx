import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { Id, JoinRequestItem } from "@worker/contract";
import { errorText } from "@/api/error-text";
import "@/styles/bookmaker.css";
import { useBookBalances, useJoinRequests } from "./data";
import { formatAmount } from "@/ui/amount";
import { Page } from "@/ui/Page";
import { useBookHome } from "@/features/profile/book";
import { ApproveDialog } from "./ApproveDialog";
import { LowBalanceNotice } from "./LowBalanceNotice";
import { ManagePunterDialog } from "./ManagePunterDialog";
import { PunterList, RequestList } from "./PunterLists";

export function PlayerManagementScreen() {
  const bookHome = useBookHome();
  const balances = useBookBalances();
  const requests = useJoinRequests();
  const [request, setRequest] = useState<JoinRequestItem | null>(null);
  const [managedId, setManagedId] = useState<Id | null>(null);

  const punters = balances.data?.punters ?? [];
  const pending = requests.data ?? [];
  const managed = punters.find((p) => p.user.internalId === managedId) ?? null;
  const reload = () => {
    void balances.mutate();
    void requests.mutate();
  };

  return (
    <Page backTo={bookHome} className="bk">
      <h1 className="page-title">{t`My Punters`}</h1>
      <section className="bk-card bk-coins">
        <span className="bk-muted">{t`My coins`}</span>
        <span className="bk-coins-amount">
          {balances.data ? formatAmount(balances.data.balance.amount) : balances.error ? "—" : "…"}
        </span>
      </section>
      {balances.error && <p className="bk-error">{errorText(balances.error)}</p>}

      <RequestList requests={pending} onOpen={setRequest} />
      <PunterList
        punters={punters}
        loaded={balances.data !== undefined}
        onOpen={(p) => setManagedId(p.user.internalId)}
      />

      <ApproveDialog request={request} onClose={() => setRequest(null)} onDone={reload} />
      {managed && (
        <ManagePunterDialog
          key={managed.user.internalId}
          punter={managed}
          onClose={() => setManagedId(null)}
          onSaved={reload}
        />
      )}
      <LowBalanceNotice pool={balances.data?.balance.amount} />
    </Page>
  );
}
