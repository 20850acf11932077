/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL, e.g. https://bookie-api.example.workers.dev */
  readonly VITE_API_URL?: string;
  /** "true" only for local development: a mock Telegram environment outside Telegram. */
  readonly VITE_DEV_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
