import { t } from "@lingui/core/macro";

// What an outcome pays should it win, as a bar against its event's worst result. Plain SVG: a
// bar per outcome needs no chart library in the bundle.

const WIDTH = 100;
const HEIGHT = 8;

export function PayoutBar({ payout, worst }: { payout: number; worst: number }) {
  const share = worst > 0 ? Math.min(1, payout / worst) : 0;
  const percent = Math.round(share * 100);
  return (
    <svg
      className="lb-bar"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t`${percent}% of the worst result`}
    >
      <rect className="lb-bar-track" width={WIDTH} height={HEIGHT} rx={2} />
      <rect
        className={share === 1 ? "lb-bar-fill lb-bar-worst" : "lb-bar-fill"}
        width={share * WIDTH}
        height={HEIGHT}
        rx={2}
      />
    </svg>
  );
}
