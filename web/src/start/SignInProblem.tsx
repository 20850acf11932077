import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import { signInAgain } from "@/api/auth";
import { i18n } from "@/i18n/runtime";
import { useToken } from "@/store/auth";
import { useSignIn } from "@/store/sign-in";

/**
 * A sign-in that failed with no session to fall back on, said in the user's words on every
 * screen, with Retry (after the API's Retry-After when it refused for too many sign-ins): the
 * screens behind it cannot load or act without a session.
 */
export function SignInProblem() {
  const signIn = useSignIn();
  const token = useToken();
  const now = useNow(signIn.status === "failed" ? signIn.retryAt : 0);
  if (signIn.status !== "failed" || token !== null) return null;
  const waitS = Math.ceil((signIn.retryAt - now) / 1000);
  return (
    <div className="sign-in-problem" role="alert">
      <p>
        {t`We could not sign you in.`} {i18n._(signIn.reason)}
      </p>
      <button type="button" className="button" disabled={waitS > 0} onClick={() => void signInAgain()}>
        {waitS > 0 ? t`Retry in ${waitS} s` : t`Retry`}
      </button>
    </div>
  );
}

/**
 * The time now, kept current each second until `until`. Each tick reads the clock once, for the
 * time shown and for whether to stop: read twice, a tick a moment before `until` could stop the
 * clock with "Retry in 1 s" left on the button for good. A new `until` reads it at once, since the
 * time kept may be from long before (the screen mounted before the sign-in failed).
 */
function useNow(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const tick = () => {
      const time = Date.now();
      setNow(time);
      return time >= until;
    };
    if (tick()) return;
    const timer = setInterval(() => {
      if (tick()) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}
