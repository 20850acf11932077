// Telegram's theme colours made readable. Telegram sets --tg-theme-*-color on the root from the
// client's theme, and some of its own defaults fall short of WCAG AA (hint #999999 on a #f1f1f1
// card, white on #2481cc). The app's text colours are taken from the theme and moved toward the
// theme's own text colour (buttons: away from their text) just far enough to reach 4.5:1 on
// every surface they sit on, so the theme's look stays and every theme is readable.

/** WCAG AA for normal text. */
export const AA = 4.5;

type Rgb = [number, number, number];

export function parseColor(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Rounded as it will be written, so the contrast checked is the one drawn.
const mix = (from: Rgb, to: Rgb, t: number): Rgb => from.map((c, i) => Math.round(c + (to[i] - c) * t)) as Rgb;

/** The colour nearest `color` on its way to `toward` that reads at AA on every one of `surfaces`. */
export function readable(color: Rgb, surfaces: Rgb[], toward: Rgb): Rgb {
  for (let step = 0; step <= 20; step++) {
    const tried = mix(color, toward, step / 20);
    if (surfaces.every((s) => contrast(tried, s) >= AA)) return tried;
  }
  return toward;
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
/** Black or white, whichever stands further from `color`. */
const opposite = (color: Rgb): Rgb => (contrast(color, BLACK) >= contrast(color, WHITE) ? BLACK : WHITE);

/** Telegram's theme colours by their parameter names (bg_color, hint_color, …). */
export type ThemeColors = Record<string, string | undefined>;

/**
 * The app's colour variables (styles/app.css) for a Telegram theme, each readable on the surfaces
 * it is drawn on; empty without a theme, where the app's own palette (AA already) applies.
 */
export function readableTheme(theme: ThemeColors): Record<string, string> {
  const bg = parseColor(theme.bg_color ?? "");
  const text = parseColor(theme.text_color ?? "");
  if (!bg || !text) return {};
  const secondary = parseColor(theme.secondary_bg_color ?? "") ?? bg;
  const section = parseColor(theme.section_bg_color ?? "") ?? bg;
  const surfaces = [bg, secondary, section];
  const vars: Record<string, string> = {};
  // A colour the theme leaves out falls back to the app's own (styles/app.css), made readable on
  // this theme's surfaces too: the light palette's link blue is too dark on a dark theme.
  const onSurfaces = (name: string, param: string, fallback: string) => {
    const color = parseColor(theme[param] ?? "") ?? parseColor(fallback);
    if (color) vars[name] = toHex(readable(color, surfaces, text));
  };
  onSurfaces("--text", "text_color", "#14181f");
  onSurfaces("--hint", "hint_color", "#5f6978");
  onSurfaces("--link", "link_color", "#1f6fb2");
  onSurfaces("--danger", "destructive_text_color", "#c93a3f");
  const button = parseColor(theme.button_color ?? "");
  const buttonText = parseColor(theme.button_text_color ?? "");
  if (button && buttonText) vars["--button"] = toHex(readable(button, [buttonText], opposite(buttonText)));
  return vars;
}

const THEME_PARAMS = [
  "bg_color",
  "text_color",
  "secondary_bg_color",
  "section_bg_color",
  "hint_color",
  "link_color",
  "destructive_text_color",
  "button_color",
  "button_text_color",
];

/** The theme Telegram's script has put on the root (none outside Telegram). */
function themeOnRoot(root: HTMLElement): ThemeColors {
  const style = root.style;
  return Object.fromEntries(
    THEME_PARAMS.map((p) => [p, style.getPropertyValue(`--tg-theme-${p.replaceAll("_", "-")}`) || undefined]),
  );
}

/**
 * Keeps the app's colour variables readable in the theme on `root`, now and whenever Telegram
 * changes it (the user switches theme: Telegram rewrites the root's --tg-theme-* variables).
 */
export function keepThemeReadable(root: HTMLElement = document.documentElement): () => void {
  let applied: string[] = [];
  const apply = () => {
    const vars = readableTheme(themeOnRoot(root));
    const next = Object.entries(vars);
    if (next.every(([k, v]) => root.style.getPropertyValue(k) === v) && next.length === applied.length) return;
    for (const name of applied) root.style.removeProperty(name);
    for (const [name, value] of next) root.style.setProperty(name, value);
    applied = next.map(([k]) => k);
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, { attributes: true, attributeFilter: ["style"] });
  return () => observer.disconnect();
}
