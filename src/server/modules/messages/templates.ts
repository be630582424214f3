import { formatDate } from '../../../shared/dates';
import { countSmsParts } from './sms-parts';

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

// Made once: toLocaleString with a locale builds a new formatter on every call, which showed
// in the booking's CPU profile (the outbox's cost, decision 015).
const cedis = new Intl.NumberFormat('en-GH', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const ghs = (pesewas: number) => `GHS ${cedis.format(pesewas / 100)}`;
/** '28 Nov' for the same year as the end, '28 Nov 2026' for the end. */
const shortDate = (date: string) => formatDate(date).replace(/ \d{4}$/, '');
const dates = (b: BookingFacts) =>
  b.startDate === b.endDate
    ? formatDate(b.startDate)
    : `${shortDate(b.startDate)}-${formatDate(b.endDate)}`;
const bring = 'Bring your Ghana Card and driving licence.';

/**
 * How a change's difference settles (BOOK-18): nothing to settle, paid at the counter, asked
 * by a mobile money prompt, refunded to the wallet, or handed back in cash at the counter.
 * 'counter_total': nothing was paid yet (pay on pickup), so the amount is the booking's whole
 * new total, all of it due at the counter; "the extra" is only right once part was paid.
 */
export type ChangeMoney =
  | { settle: 'none' }
  | {
      settle: 'counter' | 'counter_total' | 'prompt' | 'refund' | 'counter_refund';
      amountPesewas: number;
    };

function changeMoneyText(kind: 'change' | 'extend', money: ChangeMoney): string {
  const when = kind === 'extend' ? 'when you return the car' : 'when you pick up the car';
  switch (money.settle) {
    case 'none':
      return '';
    case 'counter':
      return ` Pay the extra ${ghs(money.amountPesewas)} ${when}.`;
    case 'counter_total':
      return ` Pay the total of ${ghs(money.amountPesewas)} ${when}.`;
    case 'prompt':
      return ` Approve the mobile money prompt for the extra ${ghs(money.amountPesewas)}.`;
    case 'refund':
      return ` ${ghs(money.amountPesewas)} is being refunded to your wallet.`;
    case 'counter_refund':
      return ` We will hand back ${ghs(money.amountPesewas)} at the counter.`;
  }
}

/** How a deposit settled on return (HAND-8), for the renter's text. */
export interface DepositOutcome {
  keptPesewas: number;
  returnedPesewas: number;
  /** 'cash' | 'mobile_money': how the returned part goes back. */
  returnedMethod: string;
  /** What the deposit did not cover, paid in cash at the return (HAND-11). */
  counterPesewas: number;
}

function depositText(d: DepositOutcome): string {
  const back =
    d.returnedMethod === 'mobile_money'
      ? 'is being refunded to your wallet'
      : 'was handed back in cash';
  const returned =
    d.returnedPesewas > 0
      ? d.keptPesewas > 0
        ? `GHS ${cedis.format(d.keptPesewas / 100)} of your deposit was kept and ${ghs(d.returnedPesewas)} ${back}.`
        : `Your deposit of ${ghs(d.returnedPesewas)} ${back}.`
      : `Your deposit of ${ghs(d.keptPesewas)} was kept.`;
  const counter = d.counterPesewas > 0 ? ` Paid at the counter: ${ghs(d.counterPesewas)}.` : '';
  return `${returned}${counter} Details in your booking.`;
}

export const templates = {
  booking_received: (b: BookingFacts) =>
    `CarLink: booking ${b.code} received. ${b.car}, ${dates(b)}. Pick up at ${b.branch} on ${formatDate(b.startDate)} at ${b.pickupTime} and pay ${ghs(b.totalPesewas)} there. ${bring}`,
  booking_confirmed: (b: BookingFacts, reference: string | null) =>
    `CarLink: payment of ${ghs(b.totalPesewas)} received for booking ${b.code}${reference ? ` (MoMo ref ${reference})` : ''}. Pick up at ${b.branch} on ${formatDate(b.startDate)} at ${b.pickupTime}. ${bring}`,
  /**
   * A change's difference paid by mobile money (BOOK-21): its receipt, as the first payment's.
   * `leftPesewas`: what the booking still owes after it (0 once paid in full).
   */
  top_up_received: (
    b: BookingFacts,
    amountPesewas: number,
    reference: string,
    leftPesewas: number,
  ) =>
    `CarLink: payment of ${ghs(amountPesewas)} received for booking ${b.code} (MoMo ref ${reference}). ${leftPesewas > 0 ? `Still to pay: ${ghs(leftPesewas)}.` : `The new total of ${ghs(b.totalPesewas)} is paid in full.`}`,
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
  /** The return with the deposit's outcome (HAND-8). */
  deposit_settled: (b: BookingFacts, d: DepositOutcome) =>
    `CarLink: thank you for returning the ${b.car}. Booking ${b.code} is complete. ${depositText(d)}`,
  pickup_reminder: (b: BookingFacts) =>
    `CarLink reminder: pick up your ${b.car} tomorrow, ${formatDate(b.startDate)} at ${b.pickupTime}, in ${b.place} (booking ${b.code}). ${bring}`,
  return_reminder: (b: BookingFacts) =>
    `CarLink reminder: your ${b.car} (booking ${b.code}) is due back today, ${formatDate(b.endDate)}, in ${b.place}.`,
  /** A change before pickup (BOOK-18) or an extension (BOOK-19), and how the money settles. */
  booking_changed: (b: BookingFacts, kind: 'change' | 'extend', money: ChangeMoney) =>
    `CarLink: the ${kind === 'extend' ? 'extension' : 'change'} to booking ${b.code} is confirmed: ${b.car}, ${dates(b)}, total ${ghs(b.totalPesewas)}.${changeMoneyText(kind, money)}`,
  /** Not collected 3 hours after the pickup time (LIMIT-15). */
  no_show: (b: BookingFacts) =>
    `CarLink: booking ${b.code} was not picked up by 3 hours after ${b.pickupTime} on ${formatDate(b.startDate)}, so it is cancelled and ${dates(b)} released. You can book again any time.`,
  staff_no_show: (b: BookingFacts) =>
    `CarLink staff: no-show, booking ${b.code} cancelled, ${b.car}, ${b.branch}, pickup ${formatDate(b.startDate)} ${b.pickupTime}. The car is free again.`,
  /** The renter's name and number stay out of it: staff look the booking up by its code. */
  staff_new_booking: (b: BookingFacts) =>
    `CarLink staff: new booking ${b.code}, ${b.car}, ${dates(b)}, ${b.place}, ${b.paymentMethod === 'mobile_money' ? 'mobile money' : 'pay on pickup'}, ${ghs(b.totalPesewas)}.`,
  /**
   * A mobile money booking made by staff (STAFF-16): the prompt is on its way to this phone.
   * Where and when to pick up, as the pay-on-pickup text says it (MSG-6).
   */
  staff_booking_prompt: (b: BookingFacts) =>
    `CarLink: booking ${b.code} reserved: ${b.car}, ${dates(b)}. Pick up at ${b.branch} on ${formatDate(b.startDate)} at ${b.pickupTime}. Approve the mobile money prompt for ${ghs(b.totalPesewas)} on this phone to confirm it.`,
  /** An account opened by staff (STAFF-15): no password yet, the reset by SMS sets one. */
  staff_booking_account: (b: BookingFacts) =>
    `CarLink: booking ${b.code} is in your new account. To see it online, sign in with this number: choose "Forgot password" on the sign-in page.`,
} as const;

export type TemplateKey = keyof typeof templates;

/** Reminders are the only texts a renter may turn off ('Text me reminders'). */
export const REMINDER_KINDS: readonly TemplateKey[] = ['pickup_reminder', 'return_reminder'];

// ---------------------------------------------------------------------------------------------
// Account texts (DOC-7, MSG-12): about the renter's account, not a booking, so they name no
// booking code. Like codes and booking news they always go ('Text me reminders' is for
// reminders only). Kept apart from the booking templates above to keep them easy to find.
// ---------------------------------------------------------------------------------------------

/** The document as a sentence names it: 'your Ghana Card', 'your driving licence'. */
const DOCUMENT_NAMES: Record<string, string> = {
  ghana_card: 'Ghana Card',
  driving_licence: 'driving licence',
};

/** Typed punctuation outside GSM-7 would make the whole text UCS-2 and halve what it holds. */
const toGsm = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Staff's reason (up to 300 characters, DOC-4), as a sentence, cut and ended with '...' when
 * the whole text would not fit in two parts (MSG-7); the profile shows it in full.
 */
function fitReason(make: (reason: string) => string, reason: string) {
  const whole = toGsm(reason);
  const sentence = /[.!?]$/.test(whole) ? whole : `${whole}.`;
  let fitted = sentence;
  for (let n = whole.length; n > 0 && countSmsParts(make(fitted)).parts > 2; n -= 5)
    fitted = `${whole.slice(0, n).trimEnd()}...`;
  return make(fitted);
}

export const accountTemplates = {
  document_verified: (kind: string) =>
    `CarLink: your ${DOCUMENT_NAMES[kind] ?? 'document'} is verified. Thank you.`,
  document_rejected: (kind: string, reason: string) =>
    fitReason(
      (r) =>
        `CarLink: your ${DOCUMENT_NAMES[kind] ?? 'document'} was not accepted: ${r} Please upload a new photo on your profile.`,
      reason,
    ),
  // ACCT-19: no code, no password, no link to follow: only what to do if it was not them.
  // CONV-12: no word of the reply (a phone's lock screen shows texts), only where to read it.
  conversation_reply: (link: string) =>
    `CarLink: our team has replied to your message. Read it at ${link}`,
  password_changed: () =>
    'CarLink: the password of your CarLink account was changed. If this was not you, choose "Forgot password?" when you sign in to set a new one at once.',
} as const;

export type AccountTemplateKey = keyof typeof accountTemplates;

/**
 * The text a new staff member gets when the owner adds them (STAFF-38, STAFF-39). A new
 * account has no password anyone knows: the text says how to set one with the reset every
 * account has (ACCT-13). No code and no link: nothing in it is worth stealing.
 */
export const staffTemplates = {
  staff_added: (role: string) =>
    `CarLink: you have been added to the CarLink staff as ${role}. To set your password, open the CarLink sign-in page, choose "Forgot password?" and enter this number.`,
  staff_promoted: (role: string) =>
    `CarLink: you have been added to the CarLink staff as ${role}. Sign in with this number and your usual CarLink password to open the staff console.`,
} as const;

/**
 * The owner's texts about the SMS bill (LIMIT-18, decision 028): the hourly code budget is
 * spent. Sent at most once an hour, to every active owner (ROLE-1).
 */
export const ownerTemplates = {
  code_budget_alert: (budget: number) =>
    `CarLink staff: the ${budget} codes an hour budget is spent; sign-up and reset codes are refused until the hour has passed. Raise SMS_CODE_BUDGET_PER_HOUR if this is real demand.`,
} as const;

/**
 * SAVED-5: a car matching a renter's saved search is free on its dates again. The search's
 * name is the renter's own text: made GSM-7 where it can be, and left out when the text would
 * not fit two parts with it (an emoji makes the whole text UCS-2).
 */
export interface SavedSearchAlertFacts {
  /** The renter's name for the search. */
  search: string;
  /** 'Toyota Corolla'. */
  car: string;
  /** The pickup town. */
  place: string;
  startDate: string;
  endDate: string;
  /** The car list with the search's filters. */
  link: string;
}

export const savedSearchTemplates = {
  saved_search_alert: (a: SavedSearchAlertFacts) => {
    const when =
      a.startDate === a.endDate
        ? formatDate(a.startDate)
        : `${shortDate(a.startDate)}-${formatDate(a.endDate)}`;
    const make = (named: string) =>
      `CarLink: a ${a.car} in ${a.place} is now free ${when}${named}. See the cars: ${a.link}`;
    const named = make(`, for your saved search "${toGsm(a.search)}"`);
    const parts = countSmsParts(named);
    return parts.encoding === 'GSM-7' && parts.parts <= 2 ? named : make('');
  },
} as const;
