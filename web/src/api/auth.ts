import { useAuth } from "../store/auth";
import { call } from "./call";

/** Exchanges Telegram's init data for a session. A failure is silently ignored, as the spec says. */
export async function signIn(initData: string): Promise<void> {
  try {
    const session = await call("POST /auth/telegram", { body: { initData } });
    useAuth.getState().setSession(session);
  } catch {
    // The restored token, if any, stays in use; screens show their own load errors.
  }
}
