import type { NotificationSettings } from "@worker/contract";
import type { Language } from "@common/languages";
import { call } from "@/api/call";
import { useSWRConfig } from "swr";
import { pathOf, useApi } from "@/api/swr";

// The user's settings on the server: which of the bot's messages he gets, and his language.

/** His notification settings, read while the sheet is open. */
export const useNotificationSettings = (open: boolean) => useApi("GET /me/notifications", open ? {} : null);

/** Changes some of his settings; answers them all as saved. */
export const saveNotificationSettings = (change: Partial<Omit<NotificationSettings, "canWrite">>) =>
  call("PUT /me/notifications", { body: change });

/** His language for the app and the bot (null: Telegram's); answers the language in force. */
export const saveLanguage = (language: Language | null) => call("PUT /me/language", { body: { language } });

/**
 * Dev mode: presses a bot message's callback button as Telegram would (POST /dev/outbox/{messageId}/press);
 * answers the toast Telegram would show, once the outbox is read again (the bot may have edited the message).
 */
export function usePressBotButton() {
  const { mutate } = useSWRConfig();
  return async (messageId: number, callbackData: string) => {
    const { text } = await call("POST /dev/outbox/:messageId/press", { params: { messageId }, body: { callbackData } });
    await mutate((key) => pathOf(key).startsWith("/dev/outbox"));
    return text;
  };
}
