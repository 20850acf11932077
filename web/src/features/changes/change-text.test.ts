import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@worker/contract";
import { auditEntry } from "@/test/audit";
import { actionWords, changeText } from "./change-text";

// The words of the rows every door into an event writes (docs/decisions/figures.md, "Audit log").

/** A row of event 9's, an ODDS row unless `e` says otherwise. */
const row = (e: Partial<AuditEntry>) => auditEntry({ action: "ODDS", eventId: 9, ...e });

const names = new Map([
  [91, "Red Rum"],
  [92, "Shergar"],
  [93, "Arkle"],
]);

describe("an event's change in words", () => {
  it("a draft edit that changed the field names what came and went, and the odds and rules it moved", () => {
    const text = changeText(
      row({
        action: "OUTCOMES",
        before: {
          removed: [{ itemId: 93, title: "Arkle", coefficient: 5 }],
          items: [{ itemId: 91, coefficient: 2 }],
          rule4: true,
        },
        after: {
          added: [{ title: "Nijinsky", coefficient: 9 }],
          items: [{ itemId: 91, coefficient: 2.5 }],
          rule4: false,
        },
      }),
      names,
    );
    expect(actionWords("OUTCOMES")).toBe("Outcomes changed");
    expect(text).toBe("Added Nijinsky 9, Removed Arkle, Red Rum 2 → 2.5, Rule 4 on → off");
  });

  it("a ticket paid at the counter names its code and what it paid", () => {
    const text = changeText(row({ action: "TICKET_PAID", after: { code: "WINNERAAAA", amount: 30.5 } }), names);
    expect(actionWords("TICKET_PAID")).toBe("Ticket paid");
    expect(text).toBe("WINNERAAAA 30.50");
  });

  it("a price request's rows name the outcome and the stake and price as it then stood", () => {
    const request = (status: string, amount: number, coefficient: number) =>
      changeText(
        row({ action: "PRICE_REQUEST", itemId: 93, after: { requestId: 4, status, amount, coefficient } }),
        names,
      );
    expect(actionWords("PRICE_REQUEST")).toBe("Price request");
    expect(request("PENDING", 500, 6)).toBe("Arkle, asked 500 at 6");
    expect(request("OFFERED", 300, 5.5)).toBe("Arkle, offered 300 at 5.5");
    expect(request("TAKEN", 300, 5.5)).toBe("Arkle, taken 300 at 5.5");
    expect(request("DECLINED", 500, 6)).toBe("Arkle, declined 500 at 6");
    expect(request("EXPIRED", 500, 6)).toBe("Arkle, expired 500 at 6");
  });

  it("a non-runner names the odds it moved", () => {
    const text = changeText(
      row({
        action: "NR",
        itemId: 93,
        before: { items: [{ itemId: 91, coefficient: 2 }] },
        after: { deduction: 20, items: [{ itemId: 91, coefficient: 2.5 }] },
      }),
      names,
    );
    expect(text).toBe("Arkle, Rule 4 deduction 20p, Red Rum 2 → 2.5");
  });

  it("the start closing the book is said by its action", () => {
    expect(actionWords("CLOSE")).toBe("Bets closed at the start");
  });
});
