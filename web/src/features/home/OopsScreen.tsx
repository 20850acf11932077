import { t } from "@lingui/core/macro";

/** Shown outside Telegram or in a client too old to run the app; nothing else works then. */
export function OopsScreen() {
  return (
    <main className="oops">
      <div className="oops-mark" aria-hidden="true">
        !
      </div>
      <h1>{t`Oops`}</h1>
      <p>{t`You are using too old Telegram client to run this application`}</p>
    </main>
  );
}
