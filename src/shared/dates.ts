import { BUSINESS_TIME_ZONE } from './constants';

/** A calendar date as the API carries it: 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True only for a real calendar date (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function toUtcMs(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** Whole days from a to b (negative when b is before a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / 86_400_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(toUtcMs(date) + days * 86_400_000).toISOString().slice(0, 10);
}

const accraDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Accra (BOOK-4), whatever the clock's own zone. */
export function todayInAccra(now: Date = new Date()): IsoDate {
  // Formatting with a time zone is slow next to the rest of a request, and every booking
  // request asks; a zone's date only changes on a whole minute, so one answer per minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastMinute = minute;
    lastToday = accraDate.format(now);
  }
  return lastToday;
}
let lastMinute = Number.NaN;
let lastToday = '';

const accraClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time of day in Accra, 'HH:MM' (24-hour): which of today's pickup times have passed. */
export const timeInAccra = (now: Date = new Date()): string => accraClock.format(now);

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '22 Nov 2026' for a 'YYYY-MM-DD' date. */
export function formatDate(date: IsoDate): string {
  return longDate.format(new Date(toUtcMs(date)));
}
