import { fireEvent, render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "@worker/contract";
import { useAuth } from "@/store/auth";
import { json, stubApi } from "@/test/network";
import { BotMessagesDrawer } from "./BotMessagesDrawer";

const outbox: OutboxMessage[] = [
  {
    chatId: 7,
    text: "Book approved your join request. You can bet now.",
    button: { text: "Open Book", url: "http://localhost:5173/?startapp=bk_1" },
    createdAt: "2026-11-22T10:00:00.000Z",
  },
  {
    chatId: 7,
    text: "Book added 50.00 coins. Your balance: 50.00 coins.",
    button: null,
    createdAt: "2026-11-22T10:01:00.000Z",
  },
];

const renderDrawer = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <BotMessagesDrawer />
    </SWRConfig>,
  );

describe("the dev-mode Bot messages drawer", () => {
  beforeEach(() => useAuth.getState().setSession({ token: "t", userId: 7 }));

  it("counts the signed-in user's messages and shows them newest first with their buttons", async () => {
    const calls = stubApi({ "GET /dev/outbox?userId=7": () => json(outbox) });
    renderDrawer();
    fireEvent.click(await screen.findByRole("button", { name: "Bot messages (2)" }));
    const drawer = screen.getByRole("complementary", { name: "Bot messages" });
    expect(drawer.textContent!.indexOf("added 50.00")).toBeLessThan(drawer.textContent!.indexOf("approved"));
    expect(screen.getByRole("link", { name: "Open Book" }).getAttribute("href")).toBe(
      "http://localhost:5173/?startapp=bk_1",
    );
    expect(calls[0].path).toBe("/dev/outbox?userId=7");
  });

  it("says so when the bot has written nothing yet", async () => {
    stubApi({ "GET /dev/outbox?userId=7": () => json([]) });
    renderDrawer();
    fireEvent.click(await screen.findByRole("button", { name: "Bot messages (0)" }));
    expect(screen.getByText("No messages from the bot yet.")).toBeTruthy();
  });
});
