import { formatDate } from '../../../shared/dates';

/**
 * Every text the app sends about a booking, in one place (MSG-6). Each names the booking
 * code and fits in two SMS parts with long real values (templates.test.ts counts them). They
 * keep to the GSM-7 alphabet: a single character outside it ('₵', curly quotes) turns the
 * whole text into UCS-2 and halves what a part holds, so amounts read 'GHS 1,234.00'.
 */

export interface BookingFacts {
  code: string;
  /** 'Toyota Corolla'. */
  car: string;
  /** Where the car is picked up and returned. */
  place: string;
  /** The pickup branch's name (BRANCH-3), e.g. 'Kotoka International Airport'. */
  branch: string;
  /** 'HH:MM' Accra time (BOOK-16). */
  pickupTime: string;
  startDate: string;
  endDate: string;
  totalPesewas: number;
  paymentMethod: string;
}

const ghs = (pesewas: number) =>
  `GHS ${(pesewas / 100).toLocaleString('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** '28 Nov' for the same year as the end, '28 Nov 2026' for the end. */
const shortDate = (date: string) => formatDate(date).replace(/ \d{4}$/, '');
const dates = (b: BookingFacts) =>
  b.startDate === b.endDate
    ? formatDate(b.startDate)
    : `${shortDate(b.startDate)}-${formatDate(b.endDate)}`;
const bring = 'Bring your Ghana Card and driving licence.';

export const templates = {
  booking_received: (b: BookingFacts) =>
    `CarLink: booking ${b.code} received. ${b.car}, ${dates(b)}. Pick up at ${b.branch} on ${formatDate(b.startDate)} at ${b.pickupTime} and pay ${ghs(b.totalPesewas)} there. ${bring}`,
  booking_confirmed: (b: BookingFacts, reference: string | null) =>
    `CarLink: payment of ${ghs(b.totalPesewas)} received for booking ${b.code}${reference ? ` (MoMo ref ${reference})` : ''}. Pick up in ${b.place} on ${formatDate(b.startDate)}. ${bring}`,
  payment_received: (b: BookingFacts) =>
    `CarLink: cash payment of ${ghs(b.totalPesewas)} received for booking ${b.code}. Enjoy your trip.`,
  payment_failed: (b: BookingFacts) =>
    `CarLink: the mobile money payment for booking ${b.code} did not go through, so the booking is cancelled and ${dates(b)} released. You can book again any time.`,
  hold_expired: (b: BookingFacts) =>
    `CarLink: booking ${b.code} was not paid in time, so it is cancelled and ${dates(b)} released. You can book again any time.`,
  booking_cancelled: (b: BookingFacts, refundStarted: boolean) =>
    `CarLink: booking ${b.code} (${dates(b)}) is cancelled.${refundStarted ? ` Your refund of ${ghs(b.totalPesewas)} has started; we will text you when it is done.` : ''}`,
  refund_completed: (b: BookingFacts) =>
    `CarLink: your refund of ${ghs(b.totalPesewas)} for booking ${b.code} is complete.`,
  booking_completed: (b: BookingFacts) =>
    `CarLink: thank you for returning the ${b.car}. Booking ${b.code} is complete.`,
  pickup_reminder: (b: BookingFacts) =>
    `CarLink reminder: pick up your ${b.car} tomorrow, ${formatDate(b.startDate)}, in ${b.place} (booking ${b.code}). ${bring}`,
  return_reminder: (b: BookingFacts) =>
    `CarLink reminder: your ${b.car} (booking ${b.code}) is due back today, ${formatDate(b.endDate)}, in ${b.place}.`,
  /** For when renters can change or extend a booking; nothing sends it yet. */
  booking_changed: (b: BookingFacts) =>
    `CarLink: the change to booking ${b.code} is confirmed: ${b.car}, ${dates(b)}, total ${ghs(b.totalPesewas)}.`,
  /** Not collected 3 hours after the pickup time (LIMIT-15). */
  no_show: (b: BookingFacts) =>
    `CarLink: booking ${b.code} was not picked up by 3 hours after ${b.pickupTime} on ${formatDate(b.startDate)}, so it is cancelled and ${dates(b)} released. You can book again any time.`,
  staff_no_show: (b: BookingFacts) =>
    `CarLink staff: no-show, booking ${b.code} cancelled, ${b.car}, ${b.branch}, pickup ${formatDate(b.startDate)} ${b.pickupTime}. The car is free again.`,
  /** The renter's name and number stay out of it: staff look the booking up by its code. */
  staff_new_booking: (b: BookingFacts) =>
    `CarLink staff: new booking ${b.code}, ${b.car}, ${dates(b)}, ${b.place}, ${b.paymentMethod === 'mobile_money' ? 'mobile money' : 'pay on pickup'}, ${ghs(b.totalPesewas)}.`,
} as const;

export type TemplateKey = keyof typeof templates;

/** Reminders are the only texts a renter may turn off ('Text me reminders'). */
export const REMINDER_KINDS: readonly TemplateKey[] = ['pickup_reminder', 'return_reminder'];
