import { describe, expect, it, vi } from "vitest";
import { json, stubApi } from "@/test/network";
import { createDevWebApp, DEV_CLOSED_TEXT, MAIN_BUTTON_SHOWN, versionAtLeast } from "./dev-web-app";

describe("the dev-mode Telegram stand-in", () => {
  it("compares client versions part by part", () => {
    expect(versionAtLeast("7.10", "7.2")).toBe(true);
    expect(versionAtLeast("6.9", "7.0")).toBe(false);
    expect(versionAtLeast("7", "7.0")).toBe(true);
  });

  it("reads the user from the init data", () => {
    const webApp = createDevWebApp(
      `user=${encodeURIComponent(JSON.stringify({ id: 9, username: "bob" }))}&auth_date=1700000000&hash=h`,
    );
    expect(webApp.initDataUnsafe).toEqual({ user: { id: 9, username: "bob" }, auth_date: 1700000000, hash: "h" });
  });

  it("pays an invoice through the API's dev pay link once confirmed", async () => {
    vi.stubGlobal("confirm", () => true); // the user says yes
    const calls = stubApi({ "POST /dev/pay/inv-1": () => json({ invoiceId: "inv-1", applied: true }) });
    const status = await new Promise((resolve) =>
      createDevWebApp("").openInvoice("http://api.test/dev/pay/inv-1", resolve),
    );
    expect(status).toBe("paid");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /dev/pay/inv-1"]);
  });

  it("reports a cancelled invoice without calling the API", async () => {
    vi.stubGlobal("confirm", () => false); // the user says no
    const calls = stubApi({});
    const status = await new Promise((resolve) =>
      createDevWebApp("").openInvoice("http://api.test/dev/pay/inv-1", resolve),
    );
    expect(status).toBe("cancelled");
    expect(calls).toEqual([]);
  });

  it("marks the page while its main button is drawn, so content keeps clear of it", () => {
    const { MainButton } = createDevWebApp("");
    MainButton.show();
    expect(document.body.classList.contains(MAIN_BUTTON_SHOWN)).toBe(true);
    MainButton.hide();
    expect(document.body.classList.contains(MAIN_BUTTON_SHOWN)).toBe(false);
  });

  it("covers the app when asked to close, as a tab cannot close itself", () => {
    createDevWebApp("").close();
    expect(document.querySelector("[role=status]")?.textContent).toBe(DEV_CLOSED_TEXT);
  });
});
