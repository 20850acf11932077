// Build-time configuration, read once.
export const API_URL = (import.meta.env.VITE_API_URL || "http://localhost:8787").replace(/\/+$/, "");
export const DEV_MODE = import.meta.env.VITE_DEV_MODE === "true";

// Timings and limits quoted by the spec (docs/rules/screens.md, "Windows and timings").
export const START_DELAY_MS = 1500;
export const TOKEN_WAIT_MS = 2000;
export const TOKEN_CHECK_MS = 50;
export const POLL_MS = 12_000;
/** Added to a positive safe-area inset so content clears Telegram's own header controls. */
export const SAFE_AREA_EXTRA_PX = 30;
/** Oldest Telegram client the app runs in. */
export const MIN_CLIENT_VERSION = "7.0";

/** The product's name, as the splash and home headings show it. */
export const PRODUCT_TITLE = "Bookie";
