import { afterEach, describe, expect, it } from "vitest";
import { AA, contrast, keepThemeReadable, parseColor, readableTheme, type ThemeColors } from "./theme";

// Telegram's default themes as its clients send them (the hint and button colours the issue measured).
const LIGHT: ThemeColors = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#999999",
  link_color: "#2481cc",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f1f1f1",
  section_bg_color: "#ffffff",
  destructive_text_color: "#ec3942",
};
const DARK: ThemeColors = {
  bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  link_color: "#6ab3f3",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#232e3c",
  section_bg_color: "#17212b",
  destructive_text_color: "#ec3942",
};

const rgb = (hex: string) => parseColor(hex)!;
const surfaces = (t: ThemeColors) => [t.bg_color!, t.secondary_bg_color!, t.section_bg_color!].map(rgb);

describe("readableTheme", () => {
  for (const [name, theme] of Object.entries({ light: LIGHT, dark: DARK })) {
    it(`makes hint, link and danger text readable on every surface of Telegram's ${name} theme`, () => {
      const vars = readableTheme(theme);
      for (const v of ["--hint", "--link", "--danger", "--text"])
        for (const s of surfaces(theme)) expect(contrast(rgb(vars[v]), s)).toBeGreaterThanOrEqual(AA);
    });

    it(`makes button text readable on the button in Telegram's ${name} theme`, () => {
      const vars = readableTheme(theme);
      expect(contrast(rgb(vars["--button"]), rgb(theme.button_text_color!))).toBeGreaterThanOrEqual(AA);
    });
  }

  it("falls short without it: Telegram's light hint on its cards is below AA", () => {
    expect(contrast(rgb(LIGHT.hint_color!), rgb(LIGHT.secondary_bg_color!))).toBeLessThan(AA);
  });

  it("keeps a colour that already reads as it is", () => {
    expect(readableTheme({ ...LIGHT, hint_color: "#555555" })["--hint"]).toBe("#555555");
  });

  it("makes the app's own link, hint and danger colours readable on a dark theme that leaves them out", () => {
    const vars = readableTheme({ bg_color: "#17212b", text_color: "#f5f5f5", secondary_bg_color: "#232e3c" });
    for (const v of ["--link", "--hint", "--danger"])
      for (const s of [rgb("#17212b"), rgb("#232e3c")]) expect(contrast(rgb(vars[v]), s)).toBeGreaterThanOrEqual(AA);
  });

  it("leaves the app's own palette alone outside Telegram", () => {
    expect(readableTheme({})).toEqual({});
  });
});

describe("keepThemeReadable", () => {
  const root = document.documentElement;
  afterEach(() => root.removeAttribute("style"));

  it("follows Telegram's theme on the root, and its changes", async () => {
    root.style.setProperty("--tg-theme-bg-color", "#ffffff");
    root.style.setProperty("--tg-theme-text-color", "#000000");
    root.style.setProperty("--tg-theme-secondary-bg-color", "#f1f1f1");
    root.style.setProperty("--tg-theme-hint-color", "#999999");
    const stop = keepThemeReadable(root);
    const hint = () => rgb(root.style.getPropertyValue("--hint"));
    expect(contrast(hint(), rgb("#f1f1f1"))).toBeGreaterThanOrEqual(AA);

    root.style.setProperty("--tg-theme-bg-color", "#17212b");
    root.style.setProperty("--tg-theme-text-color", "#f5f5f5");
    root.style.setProperty("--tg-theme-secondary-bg-color", "#232e3c");
    root.style.setProperty("--tg-theme-hint-color", "#708499");
    await new Promise((r) => setTimeout(r, 0));
    expect(contrast(hint(), rgb("#232e3c"))).toBeGreaterThanOrEqual(AA);
    stop();
  });
});
