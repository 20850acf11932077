import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Me } from "@worker/contract";
import { json, stubApi } from "@/test/network";
import { renderApp } from "@/test/render";
import { installTelegram } from "@/test/telegram";

const bookie: Me = {
  userId: 42,
  username: "alice",
  bookmakerDto: { bookmakerId: 5, bookmakerName: "AliceBooks", terms: "" },
  staffOf: null,
};

async function openHome(me: Me) {
  installTelegram();
  stubApi({
    "POST /auth/telegram": () => json({ token: "t", userId: 42, username: "alice" }),
    "GET /bookmakers/authorizeMe": () => json(me),
    "GET /subscriptions/active/5": () => json([]),
    "GET /subscriptions/mine": () => json([]),
  });
  renderApp("/home");
  await screen.findByRole("heading", { name: "Bookie" });
}

describe("the deletion notice on the main page", () => {
  it("tells a lapsed bookmaker in his last week the day his book is deleted, and leads to renewal", async () => {
    await openHome({ ...bookie, bookDeletesOn: "2026-12-01T10:00:00.000Z" });
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("will be deleted on 1 December, 2026 unless you renew");
    fireEvent.click(screen.getByRole("button", { name: "Renew" }));
    expect(window.location.pathname).toBe("/renewsubscription");
  });

  it("says nothing otherwise", async () => {
    await openHome(bookie);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
