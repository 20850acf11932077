/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL, e.g. https://bookie-api.example.workers.dev */
  readonly VITE_API_URL?: string;
  /** "true" only for local development: a mock Telegram environment outside Telegram. */
  readonly VITE_DEV_MODE?: string;
  /** The bot's username, for invite links (t.me/<bot>?startapp=…). */
  readonly VITE_BOT_USERNAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A language's catalogue, compiled by Lingui's Vite plugin. */
declare module "*.po" {
  import type { Messages } from "@/i18n/runtime";
  export const messages: Messages;
}
