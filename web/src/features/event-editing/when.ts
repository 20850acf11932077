// The event form's Date (DD/MM/YY) and Time (HH:MM) fields: input masks and the messages of
// docs/rules/screens.md, "The event form", in the phone's local time. Year is 2000 + YY.

import { msg } from "@lingui/core/macro";
import { DATE_PAST_MESSAGE } from "@common/event-form";
import { i18n } from "@/i18n/runtime";
import { commonText } from "@/i18n/common-words";

export { DATE_PAST_MESSAGE };
export const DATE_FORMAT_MESSAGE = msg`Invalid date format. Use DD/MM/YY.`;
export const DATE_MISSING_MESSAGE = msg`Nonexistent calendar date.`;
export const TIME_FORMAT_MESSAGE = msg`Invalid time format. Use HH:MM.`;
export const TIME_RANGE_MESSAGE = msg`Invalid time. Hours 00–23, minutes 00–59.`;

const two = (n: number) => String(n).padStart(2, "0");
const digits = (text: string, max: number) => text.replace(/\D/g, "").slice(0, max);

/** What the Date field shows for typed text: digits only, slashes put in ("250630" → "25/06/30"). */
export function maskDate(text: string): string {
  const d = digits(text, 6);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 6)].filter(Boolean).join("/");
}

/** What the Time field shows for typed text: "1830" → "18:30". */
export function maskTime(text: string): string {
  const d = digits(text, 4);
  return [d.slice(0, 2), d.slice(2, 4)].filter(Boolean).join(":");
}

function calendarDate(text: string): { y: number; m: number; d: number } | null {
  const [d, m, yy] = text.split("/").map(Number);
  const y = 2000 + yy;
  const probe = new Date(y, m - 1, d);
  return probe.getFullYear() === y && probe.getMonth() === m - 1 && probe.getDate() === d ? { y, m, d } : null;
}

export function timeError(time: string): string | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return i18n._(TIME_FORMAT_MESSAGE);
  const [h, min] = time.split(":").map(Number);
  return h > 23 || min > 59 ? i18n._(TIME_RANGE_MESSAGE) : null;
}

/** The Date field's problem; the future check needs a valid time to go with it. */
export function dateError(date: string, time: string, now = Date.now()): string | null {
  if (!/^\d{2}\/\d{2}\/\d{2}$/.test(date)) return i18n._(DATE_FORMAT_MESSAGE);
  if (!calendarDate(date)) return i18n._(DATE_MISSING_MESSAGE);
  const at = startAt(date, time);
  if (at && at.getTime() <= now) return commonText(DATE_PAST_MESSAGE);
  return null;
}

/** The moment the two fields name, or null while either is invalid (the past is allowed here). */
export function startAt(date: string, time: string): Date | null {
  if (!/^\d{2}\/\d{2}\/\d{2}$/.test(date) || timeError(time)) return null;
  const day = calendarDate(date);
  if (!day) return null;
  const [h, min] = time.split(":").map(Number);
  return new Date(day.y, day.m - 1, day.d, h, min);
}

/** An ISO date as the two fields show it. */
export function fieldsOf(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: "", time: "" };
  return {
    date: `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}`,
  };
}

/**
 * The end sent with a start: the spec leaves it open; two hours covers a race meeting's slot,
 * and the server only uses it to close an event left unsettled for 30 days after it.
 */
export const END_AFTER_MS = 2 * 60 * 60 * 1000;
export const endAfter = (start: Date) => new Date(start.getTime() + END_AFTER_MS);
