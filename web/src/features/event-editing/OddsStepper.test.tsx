import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { LADDER, type Odds } from "@common/odds";
import { OddsStepper } from "./OddsStepper";
import { stepOdds, typedOdds } from "./typed-odds";

function Stepper({ start, asFractional = false }: { start: Odds; asFractional?: boolean }) {
  const [odds, setOdds] = useState(start);
  return <OddsStepper label="Odds of Red Rum" value={odds} onChange={setOdds} asFractional={asFractional} />;
}

const box = () => screen.getByRole("textbox", { name: "Odds of Red Rum" }) as HTMLInputElement;

describe("odds typed or stepped along the ladder", () => {
  it("steps one rung down and up with − and +", () => {
    render(<Stepper start={{ num: 1, den: 2 }} />);
    expect(box().value).toBe("1.5");
    fireEvent.click(screen.getByRole("button", { name: "Raise Odds of Red Rum" }));
    expect(box().value).toBe("1.533"); // 8/15
    fireEvent.click(screen.getByRole("button", { name: "Lower Odds of Red Rum" }));
    fireEvent.click(screen.getByRole("button", { name: "Lower Odds of Red Rum" }));
    expect(box().value).toBe("1.444"); // 4/9
  });

  it("stops at the ladder's ends", () => {
    render(<Stepper start={LADDER[0]} />);
    expect((screen.getByRole("button", { name: "Lower Odds of Red Rum" }) as HTMLButtonElement).disabled).toBe(true);
    expect(stepOdds(LADDER.at(-1)!, 1)).toBeNull();
  });

  it("takes typed odds to the nearest rung when he leaves the box, or on Enter", () => {
    render(<Stepper start={{ num: 1, den: 2 }} />);
    fireEvent.change(box(), { target: { value: "3.1" } });
    expect(box().value).toBe("3.1");
    fireEvent.blur(box());
    expect(box().value).toBe("3"); // 2/1; 3.1 is no rung
    fireEvent.change(box(), { target: { value: "6/4" } });
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(box().value).toBe("2.5");
  });

  it("puts the odds back when what was typed is no odds", () => {
    render(<Stepper start={{ num: 1, den: 2 }} asFractional />);
    expect(box().value).toBe("1/2");
    fireEvent.change(box(), { target: { value: "lots" } });
    fireEvent.blur(box());
    expect(box().value).toBe("1/2");
  });

  it("reads only rungs: a fraction off the ladder and odds of 1 or less are refused", () => {
    expect(typedOdds("7/3")).toBeNull();
    expect(typedOdds("1")).toBeNull();
    expect(typedOdds("2,5")).toEqual({ num: 6, den: 4 });
    expect(typedOdds("5000")).toEqual(LADDER.at(-1));
  });
});
