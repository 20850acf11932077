import { lazy, Suspense, type ComponentType } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useAuth } from "@/store/auth";
import { WebAppContext } from "@/telegram/context";
import { installTelegram } from "@/test/telegram";
import type { TelegramWebApp } from "@/telegram/web-app";
import { Page, type PageProps } from "./Page";
import { ScreenLoading } from "./ScreenLoading";

function renderPage(path: string, props: Omit<PageProps, "children"> = {}, webApp: TelegramWebApp = installTelegram()) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <WebAppContext value={webApp}>
      <Router hook={location.hook}>
        <Page {...props}>
          <p>screen content</p>
        </Page>
      </Router>
    </WebAppContext>,
  );
  return { ...view, webApp, location };
}

const backButton = () => screen.queryByRole("button", { name: "‹ Back" });

describe("the common page wrapper", () => {
  it("waits for a session token before rendering the screen", async () => {
    renderPage("/bookies");
    expect(screen.queryByText("screen content")).toBeNull();
    act(() => useAuth.getState().setSession({ token: "t", userId: 1 }));
    expect(await screen.findByText("screen content")).toBeTruthy();
  });

  it("renders the screen anyway after 2 s without a token", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    renderPage("/bookies");
    await act(() => vi.advanceTimersByTimeAsync(1950));
    expect(screen.queryByText("screen content")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText("screen content")).toBeTruthy();
  });

  it("renders at once when the token is already there", () => {
    useAuth.getState().setSession({ token: "t", userId: 1 });
    renderPage("/bookies");
    expect(screen.getByText("screen content")).toBeTruthy();
  });

  it("hides the back button on /home", () => {
    const { webApp, location } = renderPage("/bookies");
    expect(webApp.BackButton.isVisible).toBe(true);
    act(() => location.navigate("/home"));
    expect(webApp.BackButton.isVisible).toBe(false);
    expect(backButton()).toBeNull();
  });

  it("shows the back button elsewhere and goes to backTo", () => {
    const { webApp, location } = renderPage("/bookies", { backTo: "/home" });
    expect(webApp.BackButton.isVisible).toBe(true);
    fireEvent.click(backButton()!);
    expect(location.history.at(-1)).toBe("/home");
  });

  it("goes one step back in history without backTo", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    renderPage("/events/7");
    fireEvent.click(backButton()!);
    expect(back).toHaveBeenCalledOnce();
  });

  it("hides the back button where the screen disables it", () => {
    const webApp = installTelegram();
    webApp.BackButton.show(); // left over from the previous screen
    renderPage("/", { noBack: true }, webApp);
    expect(webApp.BackButton.isVisible).toBe(false);
  });

  it("pads the top by the safe-area inset plus 30 when the inset is positive", () => {
    useAuth.getState().setSession({ token: "t", userId: 1 });
    const webApp = installTelegram();
    webApp.safeAreaInset = { top: 20, bottom: 0, left: 0, right: 0 };
    webApp.contentSafeAreaInset = { top: 10, bottom: 0, left: 0, right: 0 };
    renderPage("/home", {}, webApp);
    expect(screen.getByRole("main").style.paddingTop).toBe("60px");
  });

  it("adds no top padding without an inset", () => {
    useAuth.getState().setSession({ token: "t", userId: 1 });
    const webApp = installTelegram();
    webApp.safeAreaInset = undefined;
    webApp.contentSafeAreaInset = { top: 0, bottom: 0, left: 0, right: 0 };
    renderPage("/home", {}, webApp);
    expect(screen.getByRole("main").style.paddingTop).toBe("");
  });

  it("keeps a Back pressed while the next screen's code arrives, and that screen takes its step back", async () => {
    useAuth.getState().setSession({ token: "t", userId: 1 });
    const webApp = installTelegram();
    webApp.BackButton.show(); // the screen left for this one showed it, and Telegram keeps it shown
    let arrive = () => {};
    const Market = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <Page backTo="/mainpage">market</Page> });
        }),
    );
    const location = memoryLocation({ path: "/marketpage", record: true });
    render(
      <WebAppContext value={webApp}>
        <Router hook={location.hook}>
          <Suspense fallback={<ScreenLoading />}>
            <Market />
          </Suspense>
        </Router>
      </WebAppContext>,
    );
    expect(screen.getByText("Loading...")).toBeTruthy();
    fireEvent.click(backButton()!);
    expect(location.history.at(-1)).toBe("/marketpage");
    await act(async () => arrive());
    expect(location.history.at(-1)).toBe("/mainpage");
  });
});
