import { t } from "@lingui/core/macro";
import { useEffect } from "react";
import type { JoinRequestItem, PunterBalance } from "@worker/contract";
import { useNotes, shownNote } from "@/store/notes";
import { formatAmount } from "@/ui/amount";
import { userTag } from "@/ui/bidi";
import { Collapsible } from "@/ui/Collapsible";

/** Join requests waiting for his answer; a tap opens the approve dialog. */
export function RequestList({ requests, onOpen }: { requests: JoinRequestItem[]; onOpen(r: JoinRequestItem): void }) {
  const count = requests.length;
  return (
    <Collapsible title={t`Requests (${count})`}>
      {requests.length === 0 ? (
        <p className="bk-empty">{t`No new requests.`}</p>
      ) : (
        <ul className="bk-list">
          {requests.map((r) => (
            <li key={r.joinRequest.id}>
              <button type="button" className="bk-card bk-tap bk-row-card" onClick={() => onOpen(r)}>
                <span className="bk-ellipsis">{userTag(r.user.username)}</span>
                <span className="bk-badge bk-badge-new">{t`New`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Collapsible>
  );
}

/** His punters with their coins and his note; a tap opens the manage dialog. */
export function PunterList(props: { punters: PunterBalance[]; loaded: boolean; onOpen(p: PunterBalance): void }) {
  const { punters, loaded, onOpen } = props;
  const count = punters.length;
  const localNotes = useNotes((s) => s.byUser);
  // This device's notes the API has caught up with (or another device has written over) go.
  useEffect(() => {
    useNotes.getState().settle(punters.map((p) => ({ userId: p.user.internalId, note: p.note })));
  }, [punters]);
  return (
    <Collapsible title={t`Punters (${count})`}>
      {punters.length === 0 ? (
        <p className="bk-empty">
          {loaded ? t`No punters yet. Share your invite link from the main page.` : t`Loading...`}
        </p>
      ) : (
        <ul className="bk-list">
          {punters.map((p) => {
            const note = shownNote(localNotes[p.user.internalId], p.note);
            return (
              <li key={p.user.internalId}>
                <button type="button" className="bk-card bk-tap bk-row-card" onClick={() => onOpen(p)}>
                  <span className="bk-punter">
                    <span className="bk-ellipsis bk-strong">{userTag(p.user.username)}</span>
                    <span className={note ? "bk-ellipsis" : "bk-ellipsis bk-muted"}>{note || t`Note`}</span>
                  </span>
                  <span className="bk-punter-coins">{formatAmount(p.money.amount)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Collapsible>
  );
}
