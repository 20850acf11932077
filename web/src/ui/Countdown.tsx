import { useEffect, useState } from "react";

const SECOND = 1000;
const UNITS = [
  { label: "D", ms: 86_400_000 },
  { label: "H", ms: 3_600_000 },
  { label: "M", ms: 60_000 },
  { label: "S", ms: 1_000 },
] as const;

/**
 * "2 D 03 H 04 M 05 S", starting at the largest unit that is not zero; '00 S' once the time
 * has come (the caller paints that red).
 */
export function countdownText(msLeft: number): string {
  if (msLeft < SECOND) return "00 S";
  let rest = Math.floor(msLeft / SECOND) * SECOND;
  const parts: string[] = [];
  for (const { label, ms } of UNITS) {
    const n = Math.floor(rest / ms);
    rest -= n * ms;
    if (n > 0 || parts.length > 0) parts.push(`${parts.length === 0 ? n : String(n).padStart(2, "0")} ${label}`);
  }
  return parts.join(" ");
}

/** The time left until `to` (ISO date), ticking every second; '00 S' in red when it has passed. */
export function Countdown({ to }: { to: string }) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, []);

  const left = Number.isNaN(target) ? 0 : target - now;
  const over = left < SECOND;
  return (
    <span className={over ? "countdown countdown-over" : "countdown"} role="timer">
      {countdownText(left)}
    </span>
  );
}
