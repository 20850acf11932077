import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceChart, stepPath } from "./PriceChart";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
const until = Date.parse(at(40));

describe("the price chart", () => {
  it("holds each price flat until the next one, then steps, higher odds higher up", () => {
    const path = stepPath(
      [
        { at: at(0), coefficient: 3 },
        { at: at(10), coefficient: 2 },
        { at: at(30), coefficient: 2.5 },
      ],
      until,
    );
    // 240 wide with 4 either side: 10 of 40 minutes is x = 62; odds 3 at the top (4), 2 at the bottom (60).
    expect(path).toBe("M4 4 H62 V60 H178 V32 H236");
  });

  it("draws a single price as a flat line in the middle", () => {
    expect(stepPath([{ at: at(0), coefficient: 2 }], until)).toBe("M4 32 H236");
  });

  it("names the first and the latest price for a screen reader and writes them under the line", () => {
    render(
      <PriceChart
        points={[
          { at: at(0), coefficient: 3 },
          { at: at(10), coefficient: 2 },
        ]}
        until={until}
      />,
    );
    const chart = screen.getByRole("img", { name: "Price since publication: from 3 to 2, 2 prices" });
    expect(chart.querySelector("path")?.getAttribute("d")).toBe("M4 4 H62 V60 H236");
    expect(screen.getByText("3 → 2")).toBeTruthy();
  });

  it("shortens a long history to the first and the latest prices", () => {
    const points = [3, 2.9, 2.8, 2.7, 2.6, 2.5, 2.4].map((coefficient, i) => ({ at: at(i), coefficient }));
    render(<PriceChart points={points} until={until} />);
    expect(screen.getByText("3 → … → 2.7 → 2.6 → 2.5 → 2.4")).toBeTruthy();
  });

  it("says when the outcome has not been offered yet", () => {
    render(<PriceChart points={[]} />);
    expect(screen.getByText("Not offered yet")).toBeTruthy();
  });
});
