import { plural, t } from "@lingui/core/macro";
import type { DailyFigure } from "@worker/contract";
import { formatAmount } from "@/ui/amount";
import { calendarDate } from "@/ui/dates";

// The daily hold as bars around a zero line: above it the book won the day, below it lost.
// Plain SVG: thirty bars do not need a chart library in the bundle.

const WIDTH = 300;
const HEIGHT = 120;
const PAD = 4;

export function HoldChart({ days }: { days: DailyFigure[] }) {
  const top = Math.max(0, ...days.map((d) => d.hold));
  const bottom = Math.min(0, ...days.map((d) => d.hold));
  const span = top - bottom || 1;
  const zeroY = PAD + ((HEIGHT - 2 * PAD) * top) / span;
  const scale = (HEIGHT - 2 * PAD) / span;
  const slot = WIDTH / Math.max(1, days.length);
  const best = days.reduce((b, d) => (d.hold > b ? d.hold : b), 0);
  const worst = days.reduce((w, d) => (d.hold < w ? d.hold : w), 0);
  const count = days.length;
  const bestDay = formatAmount(best);
  const worstDay = formatAmount(worst);

  return (
    <figure className="fig-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={plural(count, { one: "Daily hold, last # day", other: "Daily hold, last # days" })}
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          const h = Math.abs(d.hold) * scale;
          return (
            <rect
              key={d.date}
              data-date={d.date}
              className={d.hold >= 0 ? "fig-bar-up" : "fig-bar-down"}
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={d.hold >= 0 ? zeroY - h : zeroY}
              height={Math.max(h, d.hold === 0 ? 0 : 1)}
            >
              <title>{`${calendarDate(d.date)}: ${formatAmount(d.hold)}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="fig-zero" />
      </svg>
      <figcaption className="hint">{t`Best day ${bestDay} · worst day ${worstDay}`}</figcaption>
    </figure>
  );
}
