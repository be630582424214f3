import { z } from 'zod';
import { FUEL_EIGHTHS_MAX, HANDOVER_PHOTOS_MAX, ODOMETER_MAX_KM } from '../constants';
import {
  DAMAGE_NOTES_MAX,
  DEPOSIT_METHODS,
  DEPOSIT_STATES,
  KEPT_LINES_MAX,
  KEPT_NOTE_MAX,
  KEPT_REASONS,
  OVERRIDE_REASON_MAX,
  STAFF_KEPT_REASONS,
  handoverMessages as m,
} from '../handover';
import { BranchSchema } from './branches';
import { numberFromText } from './common';

/**
 * The handover's API shapes (HAND-1 to HAND-9). The zod-free part (labels, messages, the
 * deposit's settlement) is in shared/handover.ts, so pages can use it without loading zod.
 */
export * from '../handover';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

const odometer = z.preprocess(
  numberFromText,
  z
    .number({ error: m.odometerRequired })
    .int({ error: m.odometerWhole })
    .min(0, { error: m.odometerRange })
    .max(ODOMETER_MAX_KM, { error: m.odometerRange }),
);
const fuel = z.preprocess(
  numberFromText,
  z
    .number({ error: m.fuelRequired })
    .int({ error: m.fuelRange })
    .min(0, { error: m.fuelRange })
    .max(FUEL_EIGHTHS_MAX, { error: m.fuelRange }),
);

/** What staff record when the car leaves (HAND-1, HAND-2, HAND-3). */
export const PickupInputSchema = z.object({
  odometer_km: odometer,
  /** The fuel gauge in eighths: 0 (empty) to 8 (full). */
  fuel_eighths: fuel,
  damage_notes: optionalText(DAMAGE_NOTES_MAX, m.damageTooLong),
  /**
   * Why the car is handed over although the renter's Ghana Card and driving licence are not
   * both verified (HAND-2); ignored when they are.
   */
  documents_override: optionalText(OVERRIDE_REASON_MAX, m.overrideTooLong),
});
export type PickupInput = z.infer<typeof PickupInputSchema>;

/** In cedis, as staff type it: above 0, at most 2 decimals. */
const cedisAmount = z.preprocess(
  numberFromText,
  z
    .number({ error: m.keptAmount })
    .positive({ error: m.keptAmount })
    .max(1_000_000, { error: m.keptAmount })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: m.keptAmount }),
);

export const KeptLineInputSchema = z
  .object({
    reason: z.enum(STAFF_KEPT_REASONS, { error: m.keptReason }),
    amount: cedisAmount,
    note: optionalText(KEPT_NOTE_MAX, m.keptNoteTooLong),
  })
  .refine((line) => line.reason !== 'other' || line.note !== null, {
    error: m.keptNoteRequired,
    path: ['note'],
  });

/** What staff record when the car comes back (HAND-5, HAND-6, HAND-7). */
export const ReturnInputSchema = z
  .object({
    /** When the car came back (ISO 8601 with its offset); now when left out. */
    returned_at: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.iso.datetime({ offset: true, error: m.returnedAtInvalid }).nullable()),
    odometer_km: odometer,
    fuel_eighths: fuel,
    damage_notes: optionalText(DAMAGE_NOTES_MAX, m.damageTooLong),
    /** What is kept from the deposit besides the late fee (which the app adds itself). */
    kept_lines: z
      .array(KeptLineInputSchema)
      .max(KEPT_LINES_MAX, { error: m.keptTooMany })
      .default([]),
  })
  // HAND-12: a damage charge needs the damage described, on the record and the receipt.
  .refine(
    (input) => input.damage_notes !== null || !input.kept_lines.some((l) => l.reason === 'damage'),
    {
      error: m.damageNotesRequired,
      path: ['damage_notes'],
      // Beside the other fields' problems too (one 422 with every field's message), as long
      // as the two fields it reads are themselves valid.
      when: (payload) =>
        payload.issues.every((i) => !['damage_notes', 'kept_lines'].includes(String(i.path?.[0]))),
    },
  );
export type ReturnInput = z.infer<typeof ReturnInputSchema>;

/** The multipart body, for the API document only (the handler checks each part itself). */
const handoverForm = (data: string) =>
  z.object({
    data: z.string().meta({ description: data }),
    photos: z
      .array(z.string().meta({ format: 'binary' }))
      .max(HANDOVER_PHOTOS_MAX)
      .optional()
      .meta({ description: `Up to ${HANDOVER_PHOTOS_MAX} photos (JPG, PNG or WebP, 8 MB each)` }),
  });
export const PickupFormSchema = handoverForm('The pickup as JSON (odometer_km, fuel_eighths, …)');
export const ReturnFormSchema = handoverForm('The return as JSON (odometer_km, kept_lines, …)');

export const HandoverPhotoSchema = z.object({ id: z.number().int(), url: z.string() });

const handoverCommon = {
  at: z.string(),
  odometer_km: z.number().int(),
  fuel_eighths: z.number().int(),
  damage_notes: z.string().nullable(),
  /** The staff member who recorded it (null for the renter's view). */
  staff_name: z.string().nullable(),
  photos: z.array(HandoverPhotoSchema),
};

/** The handover receipt (HAND-9): the same facts for staff and for the booking's renter. */
export const HandoverReceiptSchema = z.object({
  booking_code: z.string(),
  car: z.string(),
  renter_name: z.string(),
  /** The booking's branch, where the car is handed over: its name, address and phone print. */
  branch: BranchSchema,
  start_date: z.string(),
  end_date: z.string(),
  pickup_time: z.string(),
  return_time: z.string(),
  /** The booking's daily price and deposit in cedis (the late fee is worked out from the price). */
  price_per_day: z.number(),
  deposit: z.number(),
  deposit_state: z.enum(DEPOSIT_STATES).nullable(),
  pickup: z
    .object({
      ...handoverCommon,
      documents: z.enum(['verified', 'override']),
      /** Staff's reason for an override (HAND-2); null in the renter's view (HAND-9). */
      documents_override: z.string().nullable(),
      deposit: z.number(),
      deposit_method: z.enum(DEPOSIT_METHODS),
    })
    .nullable(),
  return: z
    .object({
      ...handoverCommon,
      due_at: z.string(),
      minutes_late: z.number().int(),
      late_fee: z.number(),
      late_fee_description: z.string(),
      /** What the booking still owed for the rental when the car came back (HAND-10). */
      balance: z.number(),
      /**
       * Every charge of the return, in the order the deposit covers them (HAND-11): how much,
       * the part the deposit paid and the part collected.
       */
      charges: z.array(
        z.object({
          reason: z.enum(KEPT_REASONS),
          amount: z.number(),
          note: z.string().nullable(),
          from_deposit: z.number(),
          collected: z.number(),
        }),
      ),
      total_charges: z.number(),
      /** What was kept from the deposit, line by line (the charges' deposit parts). */
      kept_lines: z.array(
        z.object({ reason: z.enum(KEPT_REASONS), amount: z.number(), note: z.string().nullable() }),
      ),
      kept: z.number(),
      returned: z.number(),
      returned_method: z.enum(DEPOSIT_METHODS),
      /** What the deposit did not cover, received in cash at the return. */
      collected: z.number(),
      distance_km: z.number().int(),
    })
    .nullable(),
  /**
   * The tax invoice's part (HAND-15): what was charged, taxes included, split into the taxable
   * value and each tax the owner set (STAFF-45), as they were when the car came back (until
   * then, as they are now). Null while the company has set no tax: no tax line, no TIN.
   */
  tax: z
    .object({
      /** Who charges the taxes: the company's name and its TIN. */
      supplier: z.string(),
      tin: z.string().nullable(),
      /** The rental as booked, changed and extended (the deposit apart), in cedis. */
      rental: z.number(),
      /** The charges at the return besides the rental (the late fee, staff's lines). */
      charges: z.number(),
      /** rental + charges: the all-in amount the taxes are part of. */
      total: z.number(),
      taxable_value: z.number(),
      taxes: z.array(
        z.object({
          name: z.string(),
          rate_bp: z.number().int(),
          on_levies: z.boolean(),
          amount: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type HandoverReceipt = z.infer<typeof HandoverReceiptSchema>;

export const HandoverReceiptResponseSchema = z.object({ handover: HandoverReceiptSchema });
export type HandoverReceiptResponse = z.infer<typeof HandoverReceiptResponseSchema>;

export const HandoverPhotoParamsSchema = z.object({
  handoverPhotoId: z.coerce.number().int().min(1),
});
