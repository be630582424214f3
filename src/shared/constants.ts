/** Business constants (docs/requirements.md), named once. */

/** The company's name as printed on receipts (HAND-9). */
export const COMPANY_NAME = 'CarLink Ghana';

export const SESSION_LIFETIME_MINUTES = 60;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_MINUTES * 60 * 1000;
export const LOGIN_SUCCESS_STATUS_CODE = '010';
export const API_TIMEOUT_MS = 10_000;

export const CAR_PAGE_SIZE = 16;
export const CAR_PAGE_SIZE_MAX = 50;
export const HOME_CAR_COUNT = 8;
export const HOME_BRAND_COUNT = 6;
export const BOOKING_HISTORY_PAGE_SIZE = 8;

/** Fixed security deposit, GH₵ 200.00, in pesewas. */
export const SECURITY_DEPOSIT_PESEWAS = 200_00;
export const MAX_RENTAL_DAYS = 90;
/** How long an unpaid mobile money booking holds the car (BOOK-6). */
export const MOBILE_MONEY_HOLD_MINUTES = 15;

export const BUSINESS_TIME_ZONE = 'Africa/Accra';

export const DESTINATION_TYPES = { withinAccra: 1, outsideAccra: 2 } as const;
export const PAYMENT_METHODS = ['mobile_money', 'payOnPickup'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A booking paid in cash at the counter (BOOK-8). Staff take cash only for pay on pickup, and a
 * pay-on-pickup booking is paid no other way (mobile money payments start only for mobile money
 * bookings), so the booking's own fields tell it, on the server and in the browser alike.
 */
export const paidAtCounter = (paymentMethod: string, paymentStatus: string) =>
  paymentMethod === 'payOnPickup' && paymentStatus === 'paid';

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'active',
  'completed',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses that hold the car's dates (BOOK-2). */
export const LIVE_BOOKING_STATUSES = ['pending', 'confirmed', 'active'] as const;

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const USER_ROLES = ['renter', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** What a staff account may do (ROLE-1): the owner everything, managers and agents less. */
export const STAFF_ROLES = ['owner', 'manager', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const BODY_TYPES = [
  'sedan',
  'suv',
  'hatchback',
  'coupe',
  'convertible',
  'wagon',
  'pickup',
  'van',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const TRANSMISSIONS = ['automatic', 'manual'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** Ghana's mobile money networks (PAY-2), as the renter picks them. */
export const MOBILE_MONEY_NETWORKS = ['mtn', 'telecel', 'airteltigo'] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];
export const MOBILE_MONEY_NETWORK_LABELS: Record<MobileMoneyNetwork, string> = {
  mtn: 'MTN MoMo',
  telecel: 'Telecel Cash',
  airteltigo: 'AirtelTigo Money',
};

/** One payment attempt with a provider; refunds run on the attempt that was paid. */
export const PAYMENT_ATTEMPT_STATUSES = [
  'pending',
  'success',
  'failed',
  'abandoned',
  'refund_pending',
  'refunded',
  // The money came and went back (a reversal): staff look at it (PAY-16).
  'reversed',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** Where a mobile money charge waits for the renter (PAY-14). */
export const CHARGE_STEPS = ['pay_offline', 'send_otp', 'pending'] as const;
export type ChargeStep = (typeof CHARGE_STEPS)[number];

/** Prompts sent to phones (PAY-20): per booking, and per wallet number in an hour. */
export const PROMPTS_PER_BOOKING = 3;
export const PROMPTS_PER_WALLET_PER_HOUR = 5;

/** Fair limits (LIMIT-13 to LIMIT-15): unpaid upcoming bookings, how far ahead, no-show. */
export const MAX_UNPAID_UPCOMING_BOOKINGS = 3;
export const BOOKING_HORIZON_DAYS = 180;
export const NO_SHOW_AFTER_HOURS = 3;
/** A pickup or return time when none is chosen (BOOK-16). */
export const DEFAULT_HANDOVER_TIME = '09:00';

/**
 * The recipient of a staff alert until it is sent (MSG-5): every staff account. The worker
 * turns the one row into one message per staff account when it sends it (decision 015).
 */
export const STAFF_RECIPIENT = 'staff';

/**
 * Returning late (HAND-6, decision 023): up to this many minutes past the return time costs
 * nothing; up to LATE_HOURLY_UNTIL_MINUTES each started hour past the grace costs the hourly
 * fee; beyond it each started 24 hours costs a full day at the booking's daily price.
 */
export const LATE_GRACE_MINUTES = 60;
export const LATE_HOURLY_UNTIL_MINUTES = 180;
/**
 * The hourly late fee is the booking's daily price divided by this, rounded to the pesewa: two
 * billed hours (the most the hourly band can bill) cost a third of a day, so keeping a car a
 * little late never costs more than the full day that starts at 180 minutes (decision 023).
 */
export const LATE_HOURLY_FEE_DIVISOR = 6;
/** A pickup or return odometer reading: kilometres, a whole number. */
export const ODOMETER_MAX_KM = 2_000_000;
/** The fuel gauge in eighths: 0 (empty) to 8 (full). */
export const FUEL_EIGHTHS_MAX = 8;
/** Photos staff may attach to one pickup or one return, each at most 8 MB (HAND-4). */
export const HANDOVER_PHOTOS_MAX = 8;

/** Staff sessions (ACCT-27): end after this long without a request, and after 12 hours in all. */
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** PAGE-13: the favourites grid shows 8 cars at a time (a page, or a 'Show more'). */
export const FAVOURITES_PAGE_SIZE = 8;
export const FAVOURITES_PAGE_SIZE_MAX = 50;
/**
 * AREA-7: the most car ids one sign-in merges from the browser. The fleet is the real bound on
 * an account's favourites (one per car); this only bounds one request.
 */
export const FAVOURITES_MERGE_MAX = 500;
