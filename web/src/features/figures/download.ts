import type { DownloadLink } from "@worker/contract";
import type { TelegramWebApp } from "@/telegram/web-app";

/** Bot API 8.0 lets a mini-app hand a file to Telegram's own download prompt. */
type WithDownload = TelegramWebApp & {
  downloadFile?: (params: { url: string; file_name: string }, callback?: (accepted: boolean) => void) => void;
};

/**
 * Hands the CSV to Telegram's download prompt where the client has one; false when it has
 * not, and the screen shows the link instead (it downloads without the session: it carries
 * a short-lived ticket).
 */
export function downloadCsv(webApp: TelegramWebApp, link: DownloadLink): boolean {
  const app = webApp as WithDownload;
  if (!app.downloadFile || !app.isVersionAtLeast("8.0")) return false;
  app.downloadFile({ url: link.url, file_name: link.fileName });
  return true;
}
