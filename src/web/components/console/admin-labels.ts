import {
  BODY_TYPES,
  BUSINESS_TIME_ZONE,
  FUEL_TYPES,
  TRANSMISSIONS,
} from '../../../shared/constants';
import { formatDate } from '../../../shared/dates';
import { formatCedis, formatCedisWhole } from '../../../shared/money';
import { formatMsisdn } from '../../../shared/phone';
import type { AdminBookingAction } from '../../../shared/schemas/bookings.staff';

// How the API's car values read: one list for the whole site.
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../shared/car-labels';
export { BODY_TYPE_LABELS, FUEL_TYPE_LABELS, TRANSMISSION_LABELS };

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
export const BODY_TYPE_OPTIONS = options(BODY_TYPES, BODY_TYPE_LABELS);
export const TRANSMISSION_OPTIONS = options(TRANSMISSIONS, TRANSMISSION_LABELS);
export const FUEL_TYPE_OPTIONS = options(FUEL_TYPES, FUEL_TYPE_LABELS);

export const ACTION_LABELS: Record<AdminBookingAction, string> = {
  record_cash: 'Record cash payment',
  pick_up: 'Mark picked up',
  return: 'Mark returned',
  cancel: 'Cancel booking',
};

/** Why a payment needs staff, in the desk's words. */
const FLAG_LABELS: Record<string, string> = {
  amount_or_currency_mismatch: 'Paid amount or currency does not match the booking',
  paid_after_dates_released: 'Paid after the dates were released: being refunded',
  paid_twice: 'Paid twice: the second payment is being refunded',
  paid_after_cancellation: 'Paid after the booking was cancelled: being refunded',
  refund_failed: 'The refund failed at Paystack',
  refund_needs_attention: 'Paystack says the refund needs attention',
  payment_reversed: 'The payment was reversed (the money went back to the wallet)',
  refund_at_counter: 'To hand back in cash at the counter',
  payment_status_unknown: 'Paystack has not answered for 30 minutes: did the payment go through?',
};
export const flagLabel = (reason: string) => FLAG_LABELS[reason] ?? reason;

/** The timeline's words for booking_events.type; an unknown type reads as itself. */
const EVENT_LABELS: Record<string, string> = {
  created: 'Booking made',
  payment_started: 'Mobile money payment started',
  paid: 'Payment received',
  payment_failed: 'Payment failed',
  payment_flagged: 'Payment flagged for review',
  cash_recorded: 'Cash payment recorded',
  picked_up: 'Car picked up',
  returned: 'Car returned',
  cancelled: 'Booking cancelled',
  hold_expired: 'Hold expired, dates freed',
  prompt_declined: 'Prompt declined, booking still held',
  refund_requested: 'Refund requested',
  refund_due_at_counter: 'Cash to hand back at the counter',
  refunded: 'Refund paid',
};
export function eventLabel(type: string): string {
  const label = EVENT_LABELS[type];
  if (label) return label;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ACTOR_LABELS: Record<string, string> = {
  renter: 'Renter',
  staff: 'Staff',
  system: 'System',
  provider: 'Payment provider',
};
export const actorLabel = (actor: string) => ACTOR_LABELS[actor] ?? actor;

// A moment in Accra, e.g. '3 Mar 2026, 14:35': as the renter's pages write it.
export { formatDateTime } from '../../lib/booking-labels';

/** '3 – 6 Mar 2026' style ranges stay readable: both ends written out in full. */
export const formatDateRange = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

const monthName = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 'March 2026' for '2026-03' or '2026-03-01'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(y, m - 1, 1)));
}

const ordinalRules = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const ORDINAL_SUFFIX: Partial<Record<Intl.LDMLPluralRule, string>> = {
  one: 'st',
  two: 'nd',
  few: 'rd',
};
/** A day of the month as English writes it: '1st', '2nd', '3rd', '11th', '21st', '31st'. */
export const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)] ?? 'th'}`;

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GH')} ${n === 1 ? one : many}`;

/**
 * A list's total as staff read it: 'about 12,400' when the server estimated it (PERF-3,
 * `total_is_estimate`), else the exact count.
 */
export const listTotal = (total: number, estimated = false) =>
  `${estimated ? 'about ' : ''}${total.toLocaleString('en-GH')}`;

/** 'about 12,400 bookings' or '57 bookings': a list's total with its noun (listTotal). */
export const listTotalOf = (total: number, estimated: boolean, one: string, many = `${one}s`) =>
  `${listTotal(total, estimated)} ${total === 1 ? one : many}`;

/** Money that never breaks between 'GH₵' and the number. */
export const cedis = (amount: number) => formatCedis(amount).replaceAll(' ', '\u00a0');
/** Whole cedis for headline figures, e.g. 'GH₵ 10,250'. */
export const cedisWhole = (amount: number) => formatCedisWhole(amount).replace(' ', '\u00a0');

/** '+233 24 412 3456' for a stored '233244123456'; tel: links take `telHref`. */
export const phone = (msisdn: string) => formatMsisdn(msisdn);
export const telHref = (msisdn: string) => `tel:+${msisdn.replace(/^\+/, '')}`;

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** A compact range for tables: '6–12 Dec 2026', '27 Nov – 1 Dec 2026', '22 Nov 2026'. */
export function formatShortRange(start: string, end: string): string {
  if (start === end) return formatDate(start);
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${formatDate(start)} – ${formatDate(end)}`;
  if (start.slice(0, 7) === end.slice(0, 7))
    return `${dayOnly.format(utc(start))}–${formatDate(end)}`;
  return `${dayMonth.format(utc(start))} – ${formatDate(end)}`;
}

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});
const accraDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});
/** The Accra calendar day of a moment, as 'YYYY-MM-DD'. */
export const dayOf = (iso: string) => accraDay.format(new Date(iso));
/** A moment as two short parts, for a table cell: '22 Nov 2026' and '14:35'. */
export const dateAndClock = (iso: string) => ({
  date: formatDate(dayOf(iso)),
  time: clock.format(new Date(iso)),
});
