import { fireEvent, render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "@worker/contract";
import { useAuth } from "@/store/auth";
import { errorBody, json, stubApi } from "@/test/network";
import { BotMessagesDrawer } from "./BotMessagesDrawer";

const outbox: OutboxMessage[] = [
  {
    chatId: 7,
    messageId: 1,
    text: "Book approved your join request. You can bet now.",
    button: { text: "Open Book", url: "http://localhost:5173/?startapp=bk_1" },
    buttons: [{ text: "Open Book", url: "http://localhost:5173/?startapp=bk_1" }],
    editedAt: null,
    createdAt: "2026-11-22T10:00:00.000Z",
  },
  {
    chatId: 7,
    messageId: 2,
    text: "Book added 50.00 coins. Your balance: 50.00 coins.",
    button: null,
    buttons: [],
    editedAt: null,
    createdAt: "2026-11-22T10:01:00.000Z",
  },
];

/** The owner's message of a price request: Accept and Decline press, Counter opens the mini-app. */
const request = (edited: boolean): OutboxMessage => ({
  chatId: 7,
  messageId: 3,
  text: edited ? "@bob asks 500 on Arkle at 6. Accepted by @alice." : "@bob asks 500 on Arkle at 6.",
  button: { text: "Counter", url: "http://localhost:5173/?startapp=pr_9" },
  buttons: edited
    ? []
    : [
        { text: "Accept", callbackData: "pr:9:accept" },
        { text: "Decline", callbackData: "pr:9:decline" },
        { text: "Counter", url: "http://localhost:5173/?startapp=pr_9" },
      ],
  editedAt: edited ? "2026-11-22T10:03:00.000Z" : null,
  createdAt: "2026-11-22T10:02:00.000Z",
});

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

  it("draws a message's callback buttons, presses one as Telegram would, shows its toast and the message as edited", async () => {
    let pressed = false;
    const calls = stubApi({
      "GET /dev/outbox?userId=7": () => json([request(pressed)]),
      "POST /dev/outbox/3/press": () => {
        pressed = true;
        return json({ text: "Offer sent to @bob." });
      },
    });
    renderDrawer();
    fireEvent.click(await screen.findByRole("button", { name: "Bot messages (1)" }));
    const message = screen.getByRole("article", { name: "Bot message 3" });
    expect(within(message).getByRole("link", { name: "Counter" }).getAttribute("href")).toBe(
      "http://localhost:5173/?startapp=pr_9",
    );
    expect(within(message).getByRole("button", { name: "Decline" })).toBeTruthy();
    expect(within(message).queryByText("(edited)")).toBeNull();
    fireEvent.click(within(message).getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Offer sent to @bob.");
    const press = calls.find((c) => c.method === "POST")!;
    expect(press.path).toBe("/dev/outbox/3/press");
    expect(press.body).toEqual({ callbackData: "pr:9:accept" });
    // The outbox is read again: the bot edited the message and took its buttons off.
    expect(await within(message).findByText("(edited)")).toBeTruthy();
    expect(within(message).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(message.textContent).toContain("Accepted by @alice.");
  });

  it("shows a refused press in the API's words", async () => {
    stubApi({
      "GET /dev/outbox?userId=7": () => json([request(false)]),
      "POST /dev/outbox/3/press": () => errorBody(403, "FORBIDDEN", "Only the message's recipient can press it."),
    });
    renderDrawer();
    fireEvent.click(await screen.findByRole("button", { name: "Bot messages (1)" }));
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect((await screen.findByRole("status")).textContent).toBe("Only the message's recipient can press it.");
  });

  it("says so when the bot has written nothing yet", async () => {
    stubApi({ "GET /dev/outbox?userId=7": () => json([]) });
    renderDrawer();
    fireEvent.click(await screen.findByRole("button", { name: "Bot messages (0)" }));
    expect(screen.getByText("No messages from the bot yet.")).toBeTruthy();
  });
});
