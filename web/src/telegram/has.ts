import type { TelegramWebApp } from "./web-app";

/** Whether the client has `feature`, which Telegram added in `version` (telegram/features.ts). */
export const has = (webApp: TelegramWebApp, version: string, feature: unknown) =>
  Boolean(feature) && webApp.isVersionAtLeast(version);
