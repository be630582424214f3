import { FUEL_EIGHTHS_MAX, HANDOVER_PHOTOS_MAX } from './constants';
import {
  DOCUMENT_KIND_NAMES,
  DOCUMENT_KINDS,
  type DocumentKind,
  type DocumentState,
} from './documents';

/**
 * The zod-free part of the handover (HAND-1 to HAND-9): labels, messages and the deposit's
 * settlement, shared by the API, the console's forms (which must not load zod up front) and
 * the renter's booking view.
 */

export const DEPOSIT_STATES = ['held', 'returned', 'partly_kept', 'kept'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const DEPOSIT_STATE_LABELS: Record<DepositState, string> = {
  held: 'Held',
  returned: 'Returned in full',
  partly_kept: 'Partly kept',
  kept: 'Kept',
};

export const DEPOSIT_METHODS = ['cash', 'mobile_money'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_METHOD_LABELS: Record<DepositMethod, string> = {
  cash: 'Cash',
  mobile_money: 'Mobile money',
};

/**
 * The charges at a return (HAND-7, HAND-11): the late fee and the rental's balance are added
 * by the app, the others by staff.
 */
export const KEPT_REASONS = [
  'late_fee',
  'fuel',
  'damage',
  'cleaning',
  'other',
  'rental_balance',
] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];
export const STAFF_KEPT_REASONS = ['fuel', 'damage', 'cleaning', 'other'] as const;
export type StaffKeptReason = (typeof STAFF_KEPT_REASONS)[number];
export const KEPT_REASON_LABELS: Record<KeptReason, string> = {
  late_fee: 'Late return',
  fuel: 'Fuel',
  damage: 'Damage',
  cleaning: 'Cleaning',
  other: 'Other',
  rental_balance: 'Still to pay for the rental',
};

/** '5/8' and a word for the ends, as the gauge reads. */
export const fuelLabel = (eighths: number) =>
  eighths === 0 ? 'Empty (0/8)' : eighths === FUEL_EIGHTHS_MAX ? 'Full (8/8)' : `${eighths}/8`;

export const DAMAGE_NOTES_MAX = 1_000;
export const OVERRIDE_REASON_MAX = 300;
export const KEPT_NOTE_MAX = 200;
export const KEPT_LINES_MAX = 10;

type NotVerified = Exclude<DocumentState, 'verified'>;
const NOT_VERIFIED_PHRASES: Record<NotVerified, string> = {
  pending: 'is waiting for a check',
  rejected: 'was rejected',
  missing: 'is not uploaded',
};

export const handoverMessages = {
  odometerRequired: 'Enter the odometer reading in km.',
  odometerWhole: 'Enter the odometer as a whole number of km.',
  odometerRange: 'Enter an odometer reading between 0 and 2,000,000 km.',
  odometerBelowPickup: (pickupKm: number) =>
    `The odometer cannot read less than at pickup (${pickupKm.toLocaleString('en-GH')} km).`,
  fuelRequired: 'Choose the fuel level.',
  fuelRange: 'Choose a fuel level from 0/8 to 8/8.',
  damageTooLong: `Keep the damage notes under ${DAMAGE_NOTES_MAX} characters.`,
  damageNotesRequired: 'Describe the damage you are charging for.',
  overrideTooLong: `Keep the reason under ${OVERRIDE_REASON_MAX} characters.`,
  /** HAND-2: names each document that is not verified and how it stands. */
  documentsNotVerified: (states: Record<DocumentKind, DocumentState>) => {
    const open = DOCUMENT_KINDS.filter((kind) => states[kind] !== 'verified');
    const how = (kind: DocumentKind) =>
      `${DOCUMENT_KIND_NAMES[kind]} ${NOT_VERIFIED_PHRASES[states[kind] as NotVerified]}`;
    return (
      `The renter’s ${open.map(how).join(' and their ')}. ` +
      `Check ${open.length > 1 ? 'them' : 'it'} on the customer’s page, or give the reason for handing over the car anyway.`
    );
  },
  returnedAtInvalid: 'Enter the time the car came back.',
  returnedAtFuture: 'The return time cannot be in the future.',
  returnedAtBeforePickup: 'The return time cannot be before the pickup.',
  keptReason: 'Choose why this amount is kept: fuel, damage, cleaning or other.',
  keptAmount: 'Enter an amount above GH₵ 0 with at most 2 decimals.',
  keptNoteRequired: 'Say what “other” is for.',
  keptNoteTooLong: `Keep each note under ${KEPT_NOTE_MAX} characters.`,
  keptTooMany: `At most ${KEPT_LINES_MAX} lines.`,
  returnWhilePaying:
    'A mobile money payment for this booking is still waiting for the customer’s approval. Wait for it to go through or fail, then take the car back.',
  photosTooMany: `Attach at most ${HANDOVER_PHOTOS_MAX} photos.`,
  photoType: 'Photos must be JPG, PNG or WebP images.',
  photoUnreadable: 'A photo could not be read. Try another one.',
  photoTooLarge: 'A photo is too large: 8 MB at most.',
  dataMissing: 'Send the handover details.',
  noPickupRecord: 'This booking has no pickup record.',
  notFound: 'Handover not found.',
  pickedUp: 'Car handed over. The pickup is recorded.',
  returned: 'Car returned. The return and the deposit are recorded.',
  returnedCollected: (amount: string) =>
    `Car returned. The return and the deposit are recorded, and ${amount} received in cash.`,
};

export interface KeptLine {
  reason: KeptReason;
  amountPesewas: number;
  note: string | null;
}

/** A charge at the return and how it was paid: from the deposit, and collected beyond it. */
export interface SettledCharge extends KeptLine {
  fromDepositPesewas: number;
  collectedPesewas: number;
}

export interface ReturnSettlement {
  /** The late fee, staff's lines, then the rental's balance: the order the deposit covers them. */
  charges: SettledCharge[];
  chargesPesewas: number;
  depositPesewas: number;
  /** The deposit applied to the charges (kept). */
  keptPesewas: number;
  /** The rest of the deposit, given back. */
  returnedPesewas: number;
  /** What the deposit did not cover: received from the customer in cash at the return. */
  collectedPesewas: number;
  /** The part of `collectedPesewas` that is the late fee (a `late_fee` payment; the rest is `balance`). */
  lateFeeCollectedPesewas: number;
  state: Exclude<DepositState, 'held'>;
}

/**
 * The money of a return (HAND-7, HAND-11): the charges are the late fee, staff's lines and what
 * the booking still owes for the rental (HAND-10). The deposit covers them in that order, up to
 * its amount: first what it is held for (the car back late, or not as it left), then the
 * rental's balance. The rest of the deposit goes back; what it does not cover is collected.
 * Always: kept + returned = deposit, and charges = kept + collected.
 */
export function settleAtReturn(input: {
  depositPesewas: number;
  lateFeePesewas: number;
  staffLines: readonly KeptLine[];
  balancePesewas: number;
}): ReturnSettlement {
  const lines: KeptLine[] = [
    ...(input.lateFeePesewas > 0
      ? [{ reason: 'late_fee' as const, amountPesewas: input.lateFeePesewas, note: null }]
      : []),
    ...input.staffLines,
    ...(input.balancePesewas > 0
      ? [{ reason: 'rental_balance' as const, amountPesewas: input.balancePesewas, note: null }]
      : []),
  ];
  let left = Math.max(0, input.depositPesewas);
  const charges = lines.map((line) => {
    const fromDepositPesewas = Math.min(left, line.amountPesewas);
    left -= fromDepositPesewas;
    return {
      ...line,
      fromDepositPesewas,
      collectedPesewas: line.amountPesewas - fromDepositPesewas,
    };
  });
  const sum = (pick: (c: SettledCharge) => number) => charges.reduce((t, c) => t + pick(c), 0);
  const keptPesewas = sum((c) => c.fromDepositPesewas);
  const returnedPesewas = Math.max(0, input.depositPesewas) - keptPesewas;
  return {
    charges,
    chargesPesewas: sum((c) => c.amountPesewas),
    depositPesewas: Math.max(0, input.depositPesewas),
    keptPesewas,
    returnedPesewas,
    collectedPesewas: sum((c) => c.collectedPesewas),
    lateFeeCollectedPesewas: charges.find((c) => c.reason === 'late_fee')?.collectedPesewas ?? 0,
    state: keptPesewas === 0 ? 'returned' : returnedPesewas === 0 ? 'kept' : 'partly_kept',
  };
}

/**
 * The balance a booking shows (HAND-10): only a paid booking whose car is not back yet owes
 * one (an unpaid booking owes its whole total, which the usual payment takes; a completed one
 * settled it at the return).
 */
export function balanceDuePesewas(
  booking: { status: string; paymentStatus: string; totalPesewas: number },
  payments: readonly PaymentFacts[],
): number {
  const live = booking.status === 'confirmed' || booking.status === 'active';
  return live && booking.paymentStatus === 'paid' ? rentalBalancePesewas(booking, payments) : 0;
}

/** What a booking's payments are, for its balance (HAND-10). */
export interface PaymentFacts {
  purpose: string;
  status: string;
  amountPesewas: number;
}

/**
 * What a booking still owes for the rental (HAND-10): its total (the rental as changed and
 * extended, plus the deposit it carries) less what was received for it: the charges that paid
 * it and its top-ups, less what partial refunds gave back. A booking's deposit is part of its
 * payment, so the total's deposit and the payment's cancel out and what is left is the rental's
 * own balance. Cash owed back at the counter after a cheaper change is a partial refund too
 * (recordCounterRefund), so it counts here. Never below 0: what is owed back is shown as its
 * own entry for staff, not as a negative balance.
 */
export function rentalBalancePesewas(
  booking: { totalPesewas: number },
  payments: readonly PaymentFacts[],
): number {
  return Math.max(0, booking.totalPesewas - receivedPesewas(payments));
}

/**
 * What a booking's payments hold for it now: the charges that paid it and its top-ups, less
 * what partial refunds gave back or are giving back (HAND-10; a change's settlement, BOOK-18).
 */
export function receivedPesewas(payments: readonly PaymentFacts[]): number {
  let received = 0;
  for (const p of payments) {
    if (p.status === 'success' && (p.purpose === 'booking' || p.purpose === 'top_up'))
      received += p.amountPesewas;
    if (
      p.purpose === 'partial_refund' &&
      (p.status === 'refund_pending' || p.status === 'refunded')
    )
      received -= p.amountPesewas;
  }
  return received;
}
