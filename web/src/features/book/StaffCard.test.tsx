import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Staff } from "@worker/contract";
import { BOOK_ID, renderAt, signedInRoutes } from "@/test/world";
import { errorBody, json, stubApi } from "@/test/network";

// The main page's Staff card: the book's staff listed with role and date, added by username and
// role, removed after a confirm; a refusal is said in the dialog.

const pete: Staff = { userId: 7, username: "pete", role: "CLERK", since: "2026-11-01T10:00:00.000Z" };
const sam: Staff = { userId: 8, username: "sam", role: "MANAGER", since: "2026-11-20T10:00:00.000Z" };

async function openStaff(extra: Parameters<typeof stubApi>[0] = {}) {
  let staff = [pete];
  const calls = stubApi({
    ...signedInRoutes(),
    "GET /config": () => json({ botUsername: null }),
    [`GET /subscriptions/active/${BOOK_ID}`]: () => json([]),
    [`GET /bookmakers/${BOOK_ID}/staff`]: () => json(staff),
    [`PUT /bookmakers/${BOOK_ID}/staff`]: () => {
      staff = [pete, sam];
      return json(sam);
    },
    [`DELETE /bookmakers/${BOOK_ID}/staff/7`]: () => {
      staff = [];
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  renderAt("/mainpage");
  const card = await screen.findByRole("region", { name: "Staff" });
  await within(card).findByText(/^@pete · Clerk/);
  return { calls, card };
}

const writes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== "GET" && c.path.startsWith("/bookmakers")).map((c) => [c.method, c.path, c.body]);

describe("the Staff card", () => {
  it("lists the book's staff, adds one by username and role, and removes one after a confirm", async () => {
    const { calls, card } = await openStaff();
    expect(within(card).getByText(/^@pete · Clerk/).textContent).toMatch(/since /);

    fireEvent.click(within(card).getByRole("button", { name: "Add staff" }));
    const add = screen.getByRole("dialog", { name: "Add staff" });
    fireEvent.change(within(add).getByLabelText("Telegram username"), { target: { value: "@sam" } });
    fireEvent.change(within(add).getByLabelText("Role"), { target: { value: "MANAGER" } });
    fireEvent.click(within(add).getByRole("button", { name: "Add" }));
    await within(card).findByText(/^@sam · Manager/);
    expect(screen.queryByRole("dialog", { name: "Add staff" })).toBeNull();

    fireEvent.click(within(card).getByRole("button", { name: "Remove @pete" }));
    const confirm = screen.getByRole("dialog", { name: "Remove @pete from your staff?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    await within(card).findByText("No staff yet.");
    expect(writes(calls)).toEqual([
      ["PUT", `/bookmakers/${BOOK_ID}/staff`, { username: "@sam", role: "MANAGER" }],
      ["DELETE", `/bookmakers/${BOOK_ID}/staff/7`, undefined],
    ]);
  });

  it("says the refusal in the dialog and keeps it open", async () => {
    const { card } = await openStaff({
      [`PUT /bookmakers/${BOOK_ID}/staff`]: () => errorBody(409, "CONFLICT", "@sam works for another book."),
    });
    fireEvent.click(within(card).getByRole("button", { name: "Add staff" }));
    const add = screen.getByRole("dialog", { name: "Add staff" });
    fireEvent.change(within(add).getByLabelText("Telegram username"), { target: { value: "sam" } });
    fireEvent.click(within(add).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(within(add).getByRole("alert").textContent).toBe("@sam works for another book."));
    expect(within(within(card).getByRole("list", { name: "Staff" })).queryByText(/^@sam/)).toBeNull();
  });
});
