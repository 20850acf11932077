import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

describe("routes", () => {
  const signedIn = () => {
    installTelegram();
    stubApi({ "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }) });
  };

  it("redirects an unknown path to the splash at /", async () => {
    signedIn();
    renderApp("/no/such/screen");
    expect(await screen.findByRole("button", { name: "Start" })).toBeTruthy();
    expect(window.location.pathname).toBe("/");
  });

  it("redirects a listed path with a missing parameter to /", async () => {
    signedIn();
    renderApp("/events");
    await screen.findByRole("button", { name: "Start" });
    expect(window.location.pathname).toBe("/");
  });

  it("passes route parameters to the screen", async () => {
    signedIn();
    renderApp("/historyofuser/bob_99");
    expect(await screen.findByRole("heading", { name: "History of bob_99" })).toBeTruthy();
    expect(window.location.pathname).toBe("/historyofuser/bob_99");
  });
});
