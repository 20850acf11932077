// The part of Telegram's WebApp object (https://core.telegram.org/bots/webapps) that the app uses.

export interface SafeAreaInset {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface TelegramButton {
  isVisible: boolean;
  show(): void;
  hide(): void;
  onClick(handler: () => void): void;
  offClick(handler: () => void): void;
}

export interface TelegramMainButton extends TelegramButton {
  text: string;
  isActive: boolean;
  setText(text: string): void;
  enable(): void;
  disable(): void;
}

export interface PopupButton {
  id?: string;
  type?: "default" | "ok" | "close" | "cancel" | "destructive";
  text?: string;
}

export interface PopupParams {
  title?: string;
  message: string;
  buttons?: PopupButton[];
}

export type HapticNotice = "success" | "error" | "warning";

export type InvoiceStatus = "paid" | "cancelled" | "failed" | "pending";

export interface TelegramUser {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  /** The language of his Telegram app, an IETF tag ("ru", "pt-br"). */
  language_code?: string;
}

export interface TelegramWebApp {
  initData: string;
  /** `start_param` carries a t.me/<bot>?startapp=… link's parameter. */
  initDataUnsafe: { user?: TelegramUser; auth_date?: number; hash?: string; start_param?: string };
  version: string;
  platform: string;
  themeParams: Record<string, string | undefined>;
  /** Bot API 8.0+; older clients leave these out. */
  safeAreaInset?: SafeAreaInset;
  contentSafeAreaInset?: SafeAreaInset;
  BackButton: TelegramButton;
  MainButton: TelegramMainButton;
  isVersionAtLeast(version: string): boolean;
  ready(): void;
  expand(): void;
  close(): void;
  openLink(url: string): void;
  openInvoice(url: string, callback?: (status: InvoiceStatus) => void): void;
  showPopup(params: PopupParams, callback?: (buttonId: string) => void): void;
  showAlert(message: string, callback?: () => void): void;
  /** Bot API 6.9+: asks the user to let the bot write to him. */
  requestWriteAccess?(callback?: (granted: boolean) => void): void;
  /** Bot API 6.1+. */
  HapticFeedback?: { notificationOccurred(type: HapticNotice): void };
  /** Bot API 6.10+: the Settings item of the mini-app's menu. */
  SettingsButton?: TelegramButton;
  /** Bot API 6.2+. */
  enableClosingConfirmation?(): void;
  disableClosingConfirmation?(): void;
  /** Bot API 7.7+. */
  disableVerticalSwipes?(): void;
  /** Bot API 6.4+: Telegram's QR scanner; the callback gets each code read, true closes it. */
  showScanQrPopup?(params: { text?: string }, callback?: (text: string) => boolean | void): void;
  closeScanQrPopup?(): void;
  /** Bot API 6.1+ inside Telegram: a t.me link opened by the client itself. */
  openTelegramLink?(url: string): void;
  /** Bot API 8.0+: sends a message the bot prepared (savePreparedInlineMessage) to a chat the user picks. */
  shareMessage?(id: string, callback?: (sent: boolean) => void): void;
  onEvent?(event: string, handler: () => void): void;
  offEvent?(event: string, handler: () => void): void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

export const currentWebApp = (): TelegramWebApp | null => window.Telegram?.WebApp ?? null;

/** Launched from a Telegram client: Telegram's SDK also defines WebApp in a plain browser, but without init data. */
export const hasLaunchData = (webApp: TelegramWebApp | null): webApp is TelegramWebApp => Boolean(webApp?.initData);
