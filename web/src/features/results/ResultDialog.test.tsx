import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ResultOutcome } from "./outcome";
import { ResultDialog } from "./ResultDialog";

const outcomes = (winner: boolean): ResultOutcome[] => [
  {
    id: 1,
    title: "Red Rum",
    coefficient: 2.5,
    fractalCoefficient: "6/4",
    status: winner ? "WINNER" : "ACTIVE",
    whatIf: 150,
  },
  {
    id: 2,
    title: "Shergar",
    coefficient: 3,
    fractalCoefficient: "2/1",
    status: winner ? "LOSER" : "ACTIVE",
    whatIf: "-12,5",
  },
];

const open = (props: Partial<Parameters<typeof ResultDialog>[0]> = {}) =>
  render(
    <ResultDialog
      open
      onClose={() => {}}
      title="Horse Racing / Ireland"
      status="CALCULATED"
      outcomes={outcomes(true)}
      {...props}
    />,
  );

const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);

describe("the result dialog", () => {
  it("shows a GAIN column when a winner exists", () => {
    open();
    expect(headers()).toEqual(["Outcome", "Odds", "GAIN"]);
    expect(screen.getByRole("row", { name: "Red Rum, winner" })).toBeTruthy();
  });

  it("shows the placings and the each-way terms", () => {
    open({
      outcomes: [
        { ...outcomes(true)[0], place: 1 },
        { ...outcomes(true)[1], place: 2 },
        { id: 3, title: "Arkle", coefficient: 5, status: "LOSER", whatIf: 0, place: null },
      ],
      rules: { rule4: false, deadHeat: false, eachWay: { places: 2, fraction: 4, standard: true } },
    });
    expect(screen.getByText("E/W 1/4 2 places")).toBeTruthy();
    expect(screen.getByText("Shergar").closest("tr")!.textContent).toContain("placed 2nd");
    expect(screen.getByText("Arkle").closest("tr")!.textContent).not.toContain("placed");
    expect(screen.getByText("Red Rum").closest("tr")!.textContent).not.toContain("placed");
  });

  it("shows a WHAT IF column when there is no winner", () => {
    open({ status: "READY_FOR_BETS", outcomes: outcomes(false) });
    expect(headers()).toEqual(["Outcome", "Odds", "WHAT IF"]);
  });

  it("styles negative values, accepting a comma decimal", () => {
    open({ status: "READY_FOR_BETS", outcomes: outcomes(false) });
    const cell = screen.getByText("-12.50");
    expect(cell.className).toContain("negative");
    expect(screen.getByText("150").className).not.toContain("negative");
  });

  it("shows fractional odds when asked", () => {
    open({ asFractional: true });
    const rows = screen.getAllByRole("row");
    expect(within(rows[1]).getByText("6/4")).toBeTruthy();
  });

  it("shows a gain on the winners only, not on losers and non-runners", () => {
    open({ outcomes: [...outcomes(true), { id: 3, title: "Arkle", coefficient: 5, status: "NR", whatIf: 40 }] });
    expect(screen.getByRole("row", { name: "Red Rum, winner" }).textContent).toContain("150");
    const cells = (title: string) => within(screen.getByText(title).closest("tr")!).getAllByRole("cell");
    expect(cells("Shergar")[2].textContent).toBe("");
    expect(cells("Arkle")[2].textContent).toBe("");
  });

  it("says 'Feature is unavailable' when asked for what-if figures the bookmaker lacks", () => {
    open({ status: "READY_FOR_BETS", outcomes: outcomes(false), whatIfHeld: false });
    expect(screen.queryByText("150")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "WHAT IF" }));
    const popup = screen.getByRole("dialog", { name: "Feature is unavailable" });
    expect(popup.textContent).toContain("This bookmaker does not have access to this functionality.");
    // A punter cannot buy his bookmaker's features: the spec's Ok alone.
    expect(
      within(popup)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Ok"]);
  });

  it("shows no figures while the bookmaker's subscriptions load: neither the API's zeros nor a refusal", () => {
    open({
      status: "READY_FOR_BETS",
      outcomes: outcomes(false).map((o) => ({ ...o, whatIf: 0 })),
      whatIfHeld: null,
    });
    const figures = screen.getAllByRole("row").flatMap((r) =>
      within(r)
        .queryAllByRole("cell")
        .slice(2)
        .map((c) => c.textContent),
    );
    expect(figures).toEqual(["—", "—"]);
    expect(screen.queryByRole("button", { name: "WHAT IF" })).toBeNull();
    expect(headers()).toContain("WHAT IF");
  });

  it("shows 'Abandoned' and the refund for an abandoned or cancelled event", () => {
    for (const status of ["ABANDONED", "CANCELLED"] as const) {
      const view = open({ status, outcomes: outcomes(false) });
      expect(screen.getByText("Abandoned")).toBeTruthy();
      expect(screen.getByText("The bet has been refunded")).toBeTruthy();
      // No winner, so the spec's WHAT IF column stays.
      expect(headers()).toContain("WHAT IF");
      expect(within(screen.getByText("Shergar").closest("tr")!).getAllByRole("cell")[2].textContent).toMatch(/12/);
      view.unmount();
    }
  });

  it("shows a non-runner's Rule 4 deduction and, under the racing rules, that they apply", async () => {
    open({
      outcomes: [
        ...outcomes(true),
        { id: 3, title: "Arkle", coefficient: 1.25, status: "NR", whatIf: 0, deduction: 80 },
      ],
      rules: { rule4: true, deadHeat: true },
    });
    expect(screen.getByText("Arkle").closest("tr")!.textContent).toContain("Rule 4: 80p");
    expect(screen.getByText("Rule 4 applies")).toBeTruthy();
    // One winner: no dead heat to speak of.
    expect(screen.queryByText(/Dead heat/)).toBeNull();
  });

  it("says each winner of a dead heat is paid on its share", () => {
    const two: ResultOutcome[] = outcomes(true).map((o) => ({ ...o, status: "WINNER" }));
    const view = open({ outcomes: two, rules: { rule4: false, deadHeat: true } });
    expect(screen.getByText("Dead heat: each winner is paid on 1/2 of the stake")).toBeTruthy();
    expect(screen.queryByText("Rule 4 applies")).toBeNull();
    view.unmount();
    open({ outcomes: two, rules: { rule4: false, deadHeat: false } });
    expect(screen.queryByText(/Dead heat/)).toBeNull();
  });
});
