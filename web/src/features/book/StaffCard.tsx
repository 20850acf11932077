import { t } from "@lingui/core/macro";
import { useId, useState } from "react";
import type { Id, Staff, StaffRole } from "@worker/contract";
import { useApi } from "@/api/swr";
import { useAction } from "@/api/useAction";
import { userTag } from "@/ui/bidi";
import { Dialog } from "@/ui/Dialog";
import { dateTime } from "@/ui/dates";
import { removeStaff, saveStaff } from "./api";

// The book's staff (docs/rules/staff.md "Staff" and "The counter"), on the main page beside its limits and
// cash out: who works the counter for the bookmaker, as Clerk or Manager, since when; he adds
// one by Telegram username and removes him, each after a confirm.

export const roleWords = (role: StaffRole) => (role === "CLERK" ? t`Clerk` : t`Manager`);

export function StaffCard({ bookmakerId }: { bookmakerId: Id }) {
  const staff = useApi("GET /bookmakers/:bookmakerId/staff", { params: { bookmakerId } });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Staff | null>(null);
  const list = staff.data;
  return (
    <section className="bk-card" aria-label={t`Staff`}>
      <div className="bk-row">
        <span className="bk-muted">{t`Staff`}</span>
        <button type="button" className="bk-link-button" disabled={!list} onClick={() => setAdding(true)}>
          {t`Add staff`}
        </button>
      </div>
      {list?.length === 0 && <p className="bk-muted">{t`No staff yet.`}</p>}
      {list && list.length > 0 && (
        <ul className="bk-staff" aria-label={t`Staff`}>
          {list.map((s) => (
            <StaffRow key={s.userId} member={s} onRemove={() => setRemoving(s)} />
          ))}
        </ul>
      )}
      {adding && (
        <AddStaffDialog
          bookmakerId={bookmakerId}
          onClose={() => setAdding(false)}
          onSaved={() => void staff.mutate()}
        />
      )}
      {removing && (
        <RemoveStaffDialog
          bookmakerId={bookmakerId}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => void staff.mutate()}
        />
      )}
    </section>
  );
}

/** One member: @username · role, since when, and Remove. */
function StaffRow({ member, onRemove }: { member: Staff; onRemove(): void }) {
  const { username } = member;
  const since = dateTime(member.since);
  return (
    <li className="bk-row">
      <span>
        {userTag(username)} · {roleWords(member.role)}
        <span className="bk-muted bk-staff-since"> {t`since ${since}`}</span>
      </span>
      <button
        type="button"
        className="bk-link-button bk-danger-link"
        aria-label={t`Remove @${username}`}
        onClick={onRemove}
      >
        {t`Remove`}
      </button>
    </li>
  );
}

function AddStaffDialog(props: { bookmakerId: Id; onClose(): void; onSaved(): void }) {
  const { bookmakerId, onClose, onSaved } = props;
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<StaffRole>("CLERK");
  const id = useId();
  const { busy, error, run } = useAction();
  const save = () =>
    void run(async () => {
      await saveStaff(bookmakerId, username, role);
      onSaved();
      onClose();
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Add staff`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: t`Add`, onClick: save, primary: true, disabled: busy || username.trim() === "" },
      ]}
    >
      <div className="bk-form">
        <p className="bk-muted">
          {t`Add someone who works your book with you, by his Telegram username. He must have opened the app once.`}
        </p>
        <div className="bk-field">
          <label className="bk-label" htmlFor={`${id}-name`}>
            {t`Telegram username`}
          </label>
          <input
            id={`${id}-name`}
            className="bk-input"
            value={username}
            placeholder={t`@username`}
            autoCapitalize="none"
            autoCorrect="off"
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="bk-field">
          <label className="bk-label" htmlFor={`${id}-role`}>
            {t`Role`}
          </label>
          <select
            id={`${id}-role`}
            className="bk-input"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            <option value="CLERK">{roleWords("CLERK")}</option>
            <option value="MANAGER">{roleWords("MANAGER")}</option>
          </select>
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

function RemoveStaffDialog(props: { bookmakerId: Id; member: Staff; onClose(): void; onRemoved(): void }) {
  const { bookmakerId, member, onClose, onRemoved } = props;
  const { busy, error, run } = useAction();
  const username = member.username;
  const remove = () =>
    void run(async () => {
      await removeStaff(bookmakerId, member.userId);
      onRemoved();
      onClose();
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Remove @${username} from your staff?`}
      buttons={[
        { label: t`Cancel`, onClick: onClose },
        { label: t`Remove`, onClick: remove, primary: true, disabled: busy },
      ]}
    >
      <p className="bk-muted">{t`He loses access to your book at once.`}</p>
      {error && (
        <p className="bk-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
