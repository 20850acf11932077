import { useEffect, useState } from "react";
import { i18n } from "@/i18n/runtime";
import { formatLocale } from "./locale";

const SECOND = 1000;
const UNITS = [
  { label: "D", unit: "day", ms: 86_400_000 },
  { label: "H", unit: "hour", ms: 3_600_000 },
  { label: "M", unit: "minute", ms: 60_000 },
  { label: "S", unit: "second", ms: 1_000 },
] as const;

const UNIT_FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * `n` of `unit`, two digits after the first: the spec's "03 H" in English, the language's own
 * short units in another ("03 ч" in Russian).
 */
function part({ label, unit }: (typeof UNITS)[number], n: number, first: boolean): string {
  if (i18n.locale === "en") return `${first ? n : String(n).padStart(2, "0")} ${label}`;
  // One formatter per unit and language: a list's countdowns tick every second.
  const key = `${i18n.locale} ${unit} ${first}`;
  let format = UNIT_FORMATS.get(key);
  if (!format) {
    const options = { style: "unit", unit, unitDisplay: "narrow", minimumIntegerDigits: first ? 1 : 2 } as const;
    UNIT_FORMATS.set(key, (format = new Intl.NumberFormat(formatLocale(), options)));
  }
  return format.format(n);
}

/**
 * "2 D 03 H 04 M 05 S", starting at the largest unit that is not zero; '00 S' once the time
 * has come (the caller paints that red).
 */
export function countdownText(msLeft: number): string {
  if (msLeft < SECOND) return part(UNITS[3], 0, false);
  let rest = Math.floor(msLeft / SECOND) * SECOND;
  const parts: string[] = [];
  for (const unit of UNITS) {
    const n = Math.floor(rest / unit.ms);
    rest -= n * unit.ms;
    if (n > 0 || parts.length > 0) parts.push(part(unit, n, parts.length === 0));
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
