import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";
import { useAuth } from "./auth";
import { sessionStore } from "./storage";

// What a browser that blocks third-party site data does to the mini-app's iframe.
const STORAGES = ["sessionStorage", "localStorage"] as const;
const real = Object.fromEntries(STORAGES.map((name) => [name, Object.getOwnPropertyDescriptor(window, name)]));

function denyStorage() {
  for (const name of STORAGES)
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
}

describe("start-up where the browser denies storage", () => {
  beforeEach(denyStorage);
  afterEach(() => {
    for (const name of STORAGES) Object.defineProperty(window, name, real[name]!);
    sessionStore.memory.clear();
  });

  it("shows the Oops screen outside Telegram rather than a blank logo", async () => {
    stubApi({});
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Oops" })).toBeTruthy();
  });

  it("starts, signs in and keeps the session in memory", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    stubApi({ "POST /auth/telegram": () => json({ token: "memory-token", userId: 42, username: "alice" }) });
    installTelegram();
    renderApp("/?startapp=promo");
    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    await waitFor(() => expect(useAuth.getState().token).toBe("memory-token"));
    expect(sessionStore.getItem("jwt")).toBe("memory-token");
  });

  it("opens a bookmaker's deep link", async () => {
    stubApi({
      "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
      "GET /bookmakers": () => json({ activeBookmakers: [], inactiveBookmakers: [] }),
    });
    installTelegram();
    renderApp("/?startapp=bk_5");
    await waitFor(() => expect(window.location.pathname).toBe("/bookies"));
  });
});
