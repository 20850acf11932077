import { plural, t } from "@lingui/core/macro";
import { useState } from "react";
import { figure } from "./bidi";
import { oddsText } from "./Odds";

// An outcome's price since publication as a step chart, plain SVG: a price holds from the moment
// it was offered until the next one, so the line runs flat and then steps.

export interface PricePoint {
  at: string;
  coefficient: number;
}

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 4;

/** The chart's path: flat from each price's moment to the next one's, then up or down; the last runs to `until`. */
export function stepPath(points: readonly PricePoint[], until: number): string {
  if (points.length === 0) return "";
  const times = points.map((p) => Date.parse(p.at));
  const start = times[0];
  const span = Math.max(until - start, 1);
  const values = points.map((p) => p.coefficient);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const x = (t: number) => PAD + ((Math.min(t, until) - start) / span) * (WIDTH - 2 * PAD);
  // Higher odds higher up; a single price sits in the middle.
  const y = (v: number) => (high === low ? HEIGHT / 2 : PAD + ((high - v) / (high - low)) * (HEIGHT - 2 * PAD));
  const round = (n: number) => Math.round(n * 10) / 10;
  let d = `M${round(x(times[0]))} ${round(y(values[0]))}`;
  for (let i = 1; i < points.length; i++) d += ` H${round(x(times[i]))} V${round(y(values[i]))}`;
  return `${d} H${round(x(until))}`;
}

/**
 * The prices in words, the first and the latest few when there are many; left to right in
 * Arabic too, so the arrows point from the first price to the latest.
 */
function captionOf(points: readonly PricePoint[]): string {
  const text = points.map((p) => oddsText(p.coefficient, null, false));
  return figure((text.length > 6 ? [text[0], "…", ...text.slice(-4)] : text).join(" → "));
}

/** `until`: where the latest price's line ends; the moment the chart opened unless given. */
export function PriceChart({ points, until }: { points: readonly PricePoint[]; until?: number }) {
  const [openedAt] = useState(() => Date.now());
  if (points.length === 0) return <p className="hint price-chart-empty">{t`Not offered yet`}</p>;
  const from = oddsText(points[0].coefficient, null, false);
  const to = oddsText(points[points.length - 1].coefficient, null, false);
  const count = points.length;
  const label = plural(count, {
    one: `Price since publication: from ${from} to ${to}, # price`,
    other: `Price since publication: from ${from} to ${to}, # prices`,
  });
  return (
    <figure className="price-chart">
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT}>
        <path d={stepPath(points, until ?? openedAt)} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <figcaption className="hint">{captionOf(points)}</figcaption>
    </figure>
  );
}
