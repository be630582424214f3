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

/** Why part of a deposit is kept: the late fee is added by the app, the others by staff. */
export const KEPT_REASONS = ['late_fee', 'fuel', 'damage', 'cleaning', 'other'] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];
export const STAFF_KEPT_REASONS = ['fuel', 'damage', 'cleaning', 'other'] as const;
export type StaffKeptReason = (typeof STAFF_KEPT_REASONS)[number];
export const KEPT_REASON_LABELS: Record<KeptReason, string> = {
  late_fee: 'Late return',
  fuel: 'Fuel',
  damage: 'Damage',
  cleaning: 'Cleaning',
  other: 'Other',
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
  keptOverDeposit: 'What is kept cannot be more than the deposit.',
  photosTooMany: `Attach at most ${HANDOVER_PHOTOS_MAX} photos.`,
  photoType: 'Photos must be JPG, PNG or WebP images.',
  photoUnreadable: 'A photo could not be read. Try another one.',
  photoTooLarge: 'A photo is too large: 8 MB at most.',
  dataMissing: 'Send the handover details.',
  noPickupRecord: 'This booking has no pickup record.',
  notFound: 'Handover not found.',
  pickedUp: 'Car handed over. The pickup is recorded.',
  returned: 'Car returned. The return and the deposit are recorded.',
};

export interface KeptLine {
  reason: KeptReason;
  amountPesewas: number;
  note: string | null;
}

export interface DepositSettlement {
  /** The late fee first (as much as the deposit covers), then staff's lines. */
  keptLines: KeptLine[];
  keptPesewas: number;
  returnedPesewas: number;
  /** The late fee beyond the deposit: paid in cash at the counter. */
  counterPesewas: number;
  state: Exclude<DepositState, 'held'>;
  /** Staff's lines and the covered late fee add up to more than the deposit. */
  overDeposit: boolean;
}

/**
 * How a deposit settles on return (HAND-7): the late fee is kept from it first (what it
 * exceeds the deposit by is due at the counter), then staff's lines; what is kept never
 * exceeds the deposit (overDeposit says when staff's lines would make it) and the rest goes
 * back to the renter.
 */
export function settleDeposit(
  depositPesewas: number,
  lateFeePesewas: number,
  staffLines: readonly KeptLine[],
): DepositSettlement {
  const lateKept = Math.min(lateFeePesewas, depositPesewas);
  const counterPesewas = lateFeePesewas - lateKept;
  const keptLines: KeptLine[] = [
    ...(lateKept > 0 ? [{ reason: 'late_fee' as const, amountPesewas: lateKept, note: null }] : []),
    ...staffLines,
  ];
  const total = keptLines.reduce((sum, line) => sum + line.amountPesewas, 0);
  const overDeposit = total > depositPesewas;
  const keptPesewas = Math.min(total, depositPesewas);
  const returnedPesewas = depositPesewas - keptPesewas;
  const state =
    keptPesewas === 0 ? 'returned' : returnedPesewas === 0 ? 'kept' : ('partly_kept' as const);
  return { keptLines, keptPesewas, returnedPesewas, counterPesewas, state, overDeposit };
}
