import type { NotificationSettings } from "@worker/contract";
import type { Language } from "@common/languages";
import { call } from "@/api/call";
import { useApi } from "@/api/swr";

// The user's settings on the server: which of the bot's messages he gets, and his language.

/** His notification settings, read while the sheet is open. */
export const useNotificationSettings = (open: boolean) => useApi("GET /me/notifications", open ? {} : null);

/** Changes some of his settings; answers them all as saved. */
export const saveNotificationSettings = (change: Partial<Omit<NotificationSettings, "canWrite">>) =>
  call("PUT /me/notifications", { body: change });

/** His language for the app and the bot (null: Telegram's); answers the language in force. */
export const saveLanguage = (language: Language | null) => call("PUT /me/language", { body: { language } });
