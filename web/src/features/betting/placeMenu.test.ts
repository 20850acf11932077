import { describe, expect, it } from "vitest";
import { placeMenu } from "./VolumeSelector";

/** A button inside a dialog, with the given screen positions. */
function buttonAt(button: { top: number; bottom: number }, dialog: { top: number; bottom: number }) {
  const frame = document.createElement("div");
  frame.setAttribute("role", "dialog");
  const el = document.createElement("button");
  frame.append(el);
  document.body.append(frame);
  frame.getBoundingClientRect = () => ({ ...dialog }) as DOMRect;
  el.getBoundingClientRect = () => ({ ...button }) as DOMRect;
  return el;
}

describe("stake menu placement", () => {
  it("opens below its button when there is room", () => {
    expect(placeMenu(buttonAt({ top: 100, bottom: 140 }, { top: 50, bottom: 700 }))).toEqual({
      top: "calc(100% + 8px)",
      maxHeight: 240,
    });
  });

  it("opens above the last outcomes, where the dialog's edge would cut it off", () => {
    expect(placeMenu(buttonAt({ top: 560, bottom: 600 }, { top: 50, bottom: 700 }))).toEqual({
      bottom: "calc(100% + 8px)",
      top: "auto",
      maxHeight: 240,
    });
  });

  it("stays below, shorter, when below still has more room than above", () => {
    expect(placeMenu(buttonAt({ top: 200, bottom: 240 }, { top: 150, bottom: 440 }))).toEqual({
      top: "calc(100% + 8px)",
      maxHeight: 180,
    });
  });
});
