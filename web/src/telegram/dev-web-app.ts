import type {
  InvoiceStatus,
  PopupParams,
  TelegramMainButton,
  TelegramButton,
  TelegramUser,
  TelegramWebApp,
} from "./web-app";

// A stand-in for Telegram's WebApp in a plain browser, for local development only (dev mode).
// Its back and main buttons are drawn as small page buttons so a browser can use every screen.

const DEV_VERSION = "8.0";

/** What the stand-in shows where Telegram would close the mini-app. */
export const DEV_CLOSED_TEXT = "Telegram closed the mini-app (dev mode). Reload to open it again.";

export function versionAtLeast(version: string, wanted: string): boolean {
  const a = version.split(".").map(Number);
  const b = wanted.split(".").map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

function parseInitData(initData: string): TelegramWebApp["initDataUnsafe"] {
  const params = new URLSearchParams(initData);
  const user = params.get("user");
  const authDate = params.get("auth_date");
  return {
    user: user ? (JSON.parse(user) as TelegramUser) : undefined,
    auth_date: authDate ? Number(authDate) : undefined,
    hash: params.get("hash") ?? undefined,
    ...(params.get("start_param") ? { start_param: params.get("start_param")! } : {}),
  };
}

/** A Telegram button drawn as a page button while it is visible. */
function pageButton(label: string, className: string): TelegramButton & { element: HTMLButtonElement } {
  const handlers = new Set<() => void>();
  const element = document.createElement("button");
  element.type = "button";
  element.className = `dev-telegram-button ${className}`;
  element.textContent = label;
  element.addEventListener("click", () => handlers.forEach((h) => h()));
  return {
    element,
    isVisible: false,
    show() {
      this.isVisible = true;
      document.body.append(element);
    },
    hide() {
      this.isVisible = false;
      element.remove();
    },
    onClick: (handler) => void handlers.add(handler),
    offClick: (handler) => void handlers.delete(handler),
  };
}

/** Set on <body> while the main button is drawn, so the page keeps its content clear of it. */
export const MAIN_BUTTON_SHOWN = "dev-main-button-shown";

function mainButton(): TelegramMainButton {
  const button = pageButton("", "dev-telegram-main");
  const { show, hide } = button;
  return Object.assign(button, {
    show() {
      show.call(this);
      document.body.classList.add(MAIN_BUTTON_SHOWN);
    },
    hide() {
      hide.call(this);
      document.body.classList.remove(MAIN_BUTTON_SHOWN);
    },
    text: "",
    isActive: true,
    setText(text: string) {
      this.text = text;
      button.element.textContent = text;
    },
    enable() {
      this.isActive = true;
      button.element.disabled = false;
    },
    disable() {
      this.isActive = false;
      button.element.disabled = true;
    },
  });
}

const NO_INSET = { top: 0, bottom: 0, left: 0, right: 0 };

export function createDevWebApp(initData: string): TelegramWebApp {
  return {
    initData,
    initDataUnsafe: parseInitData(initData),
    version: DEV_VERSION,
    platform: "web",
    themeParams: {},
    safeAreaInset: { ...NO_INSET },
    // Room for the page-drawn back button, as Telegram's header takes in full-screen mode.
    contentSafeAreaInset: { ...NO_INSET, top: 16 },
    BackButton: pageButton("‹ Back", "dev-telegram-back"),
    MainButton: mainButton(),
    isVersionAtLeast: (version) => versionAtLeast(DEV_VERSION, version),
    ready() {},
    expand() {},
    close() {
      // A browser tab cannot close itself: cover the app as Telegram's closing would hide it.
      const closed = document.createElement("div");
      closed.className = "dev-telegram-closed";
      closed.setAttribute("role", "status");
      closed.textContent = DEV_CLOSED_TEXT;
      document.body.append(closed);
    },
    openLink(url) {
      window.open(url, "_blank", "noopener");
    },
    openInvoice(url: string, callback?: (status: InvoiceStatus) => void) {
      // Stars cannot be paid outside Telegram: in dev mode the API's invoice link is its
      // POST /dev/pay/{invoiceId} route, which applies the payment as Telegram would.
      if (!window.confirm(`Dev mode: pay this invoice?\n${url}`)) return callback?.("cancelled");
      fetch(url, { method: "POST" }).then(
        (res) => callback?.(res.ok ? "paid" : "failed"),
        () => callback?.("failed"),
      );
    },
    showPopup(params: PopupParams, callback?: (buttonId: string) => void) {
      const buttons = params.buttons ?? [{ id: "", type: "close" }];
      const text = params.title ? `${params.title}\n\n${params.message}` : params.message;
      // A browser dialog offers at most two choices: OK picks the first button, Cancel the last.
      let chosen = buttons[0]?.id ?? "";
      if (buttons.length < 2) window.alert(text);
      else if (!window.confirm(text)) chosen = buttons[buttons.length - 1]?.id ?? "";
      callback?.(chosen);
    },
    showAlert(message, callback) {
      window.alert(message);
      callback?.();
    },
    // Made-up users have allowed the bot to write already (their init data says so).
    requestWriteAccess(callback) {
      callback?.(true);
    },
  };
}
