import { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTOS_PER_CAR_MAX } from '../car-photos';
import {
  BODY_TYPES,
  FUEL_TYPES,
  MAX_RENTAL_DAYS,
  SECURITY_DEPOSIT_PESEWAS,
  TRANSMISSIONS,
} from '../constants';
import { daysBetween } from '../dates';
import { cedisToPesewas, formatCedis, pesewasToCedis } from '../money';
import { adminMessages } from '../staff-messages';
import { BranchSummarySchema, whenFieldsValid } from './branches';
import {
  idField as id,
  numberFromText,
  PagingSchema,
  requiredIsoDate,
  requiredText,
} from './common';
import { AdminPageQuerySchema, AdminPersonSchema, optionalSearch } from './staff-api';

/**
 * Staff's side of the fleet (STAFF-2 to STAFF-4, STAFF-11), under /api/admin/cars: cars, their
 * photos and maintenance blocks. What renters see of a car is in cars.ts.
 */

export const AdminCarPhotoParamsSchema = z.object({ id, photoId: id });
export const AdminCarBlockParamsSchema = z.object({ id, blockId: id });

/** Every variant of an uploaded photo; demo illustrations have one (SVG) URL and no srcset. */
export const AdminCarPhotoSchema = z.object({
  id: z.number().int(),
  image_url: z.string(),
  alt: z.string(),
  position: z.number().int(),
  /** 'url 480w, url 960w, url 1600w' for uploaded photos, null for the demo illustrations. */
  srcset: z.string().nullable(),
});
export type AdminCarPhoto = z.infer<typeof AdminCarPhotoSchema>;

export const AdminCarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  description: z.string(),
  body_type: z.enum(BODY_TYPES),
  transmission: z.enum(TRANSMISSIONS),
  fuel_type: z.enum(FUEL_TYPES),
  colour: z.string(),
  no_of_doors: z.number().int().nullable(),
  seat_capacity: z.number().int().nullable(),
  has_airconditioning: z.boolean(),
  has_bluetooth: z.boolean(),
  usb_charger: z.boolean(),
  /** Cedis per day. */
  price_per_day: z.number(),
  old_price: z.number().nullable(),
  /** Cedis for 7 days, null when the car has none (PRICE-2). */
  weekly_price: z.number().nullable(),
  /** The security deposit in cedis (PRICE-5). */
  deposit: z.number(),
  /** Where the car stands (BRANCH-2); `branch` names it. */
  branch_id: z.number().int(),
  branch: BranchSummarySchema,
  city: z.string(),
  lat: z.number(),
  long: z.number(),
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  photos: z.array(AdminCarPhotoSchema),
});
export type AdminCar = z.infer<typeof AdminCarSchema>;

/** A form sends '' for an empty optional number; JSON clients send null or leave it out. */
const emptyToNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : v);
const text = (label: string, max: number) =>
  requiredText(`${label} is required`).max(max, {
    error: `${label} must be ${max} characters or less`,
  });
/**
 * A required number typed into a form: empty is '… is required' (a plain coercion would
 * read '' as 0 and answer 'must be 1990 or later'), words are '… must be a number'.
 */
const formNumber = <T extends z.ZodType>(label: string, rules: (n: z.ZodNumber) => T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    rules(
      z.number({
        error: (issue) =>
          issue.input === undefined ? `${label} is required` : `${label} must be a number`,
      }),
    ),
  );
const cedis = (label: string, min = 1) =>
  formNumber(label, (n) =>
    n
      .min(min, { error: `${label} must be at least GH₵ ${min}` })
      .max(100_000, { error: `${label} must be at most GH₵ 100,000` })
      // Whole pesewas. zod compares the decimal digits (0.29 passes, 0.295 does not).
      .multipleOf(0.01, { error: `${label} can have at most 2 decimals` }),
  );
/** The deposit a car has unless staff set another (PRICE-5), in cedis. */
export const DEFAULT_DEPOSIT_CEDIS = pesewasToCedis(SECURITY_DEPOSIT_PESEWAS);
const optionalSmallInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => numberFromText(emptyToNull(v)),
    z
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be at least ${min}` })
      .max(max, { error: `${label} must be at most ${max}` })
      .nullable(),
  );
// A checkbox may arrive as a boolean, 'on', 'true' or 'false'.
const flag = z.preprocess(
  (v) =>
    v === 'true' || v === 'on' || v === '1'
      ? true
      : v === 'false' || v === '' || v === '0'
        ? false
        : v,
  z.boolean({ error: 'Must be yes or no' }),
);

/** POST and PUT /api/admin/cars…: every field of a car; the same schema serves the form. */
export const AdminCarInputSchema = z
  .object({
    make: text('Make', 40),
    model: text('Model', 60),
    year: formNumber('Year', (n) =>
      n
        .int({ error: 'Year must be a whole number' })
        .min(1990, { error: 'Year must be 1990 or later' })
        .max(new Date().getFullYear() + 1, { error: 'Year cannot be in the future' }),
    ),
    description: text('Description', 2000),
    body_type: z.enum(BODY_TYPES, { error: 'Choose a body type' }),
    transmission: z.enum(TRANSMISSIONS, { error: 'Choose a transmission' }),
    fuel_type: z.enum(FUEL_TYPES, { error: 'Choose a fuel type' }),
    colour: text('Colour', 40),
    no_of_doors: optionalSmallInt('Doors', 2, 6),
    seat_capacity: optionalSmallInt('Seats', 1, 60),
    has_airconditioning: flag,
    has_bluetooth: flag,
    usb_charger: flag,
    price_per_day: cedis('Price per day'),
    old_price: z.preprocess(emptyToNull, cedis('Old price').nullable()),
    // STAFF-11: optional; from 7 days it prices whole weeks (PRICE-2).
    weekly_price: z.preprocess(emptyToNull, cedis('Weekly price').nullable()),
    // STAFF-11: left out or empty, the car has the usual deposit; 0 means none.
    deposit: z.preprocess((v) => emptyToNull(v) ?? DEFAULT_DEPOSIT_CEDIS, cedis('Deposit', 0)),
    // STAFF-11: one of the branches (the server checks it exists), chosen, never typed.
    branch_id: z.preprocess(
      (v) => numberFromText(emptyToNull(v) ?? undefined),
      z
        .number({ error: adminMessages.chooseBranch })
        .int({ error: adminMessages.chooseBranch })
        .min(1, { error: adminMessages.chooseBranch })
        .max(2_147_483_647, { error: adminMessages.chooseBranch }),
    ),
    // STAFF-34: the town is the branch's; a city in the branch's town ('Accra – Osu') is kept,
    // anything else is replaced by the town, so the API cannot put a car elsewhere.
    city: z.preprocess((v) => emptyToNull(v) ?? undefined, text('City', 80).optional()),
    lat: formNumber('Latitude', (n) =>
      n
        .min(4.5, { error: 'Latitude must be in Ghana (4.5 to 11.2)' })
        .max(11.2, { error: 'Latitude must be in Ghana (4.5 to 11.2)' }),
    ),
    long: formNumber('Longitude', (n) =>
      n
        .min(-3.3, { error: 'Longitude must be in Ghana (-3.3 to 1.2)' })
        .max(1.2, { error: 'Longitude must be in Ghana (-3.3 to 1.2)' }),
    ),
  })
  .refine((v) => v.old_price === null || v.old_price > v.price_per_day, {
    path: ['old_price'],
    message: 'Old price must be higher than the price per day',
    ...whenFieldsValid('old_price', 'price_per_day'),
  })
  // STAFF-11, as the cars_weekly_price_check constraint: a week must cost less than 7 days.
  .superRefine(
    (v, ctx) => {
      const week = 7 * cedisToPesewas(v.price_per_day);
      if (v.weekly_price !== null && cedisToPesewas(v.weekly_price) >= week) {
        ctx.addIssue({
          code: 'custom',
          path: ['weekly_price'],
          message: `Weekly price must be less than 7 days at the price per day (${formatCedis(pesewasToCedis(week))})`,
        });
      }
    },
    whenFieldsValid('weekly_price', 'price_per_day'),
  );
export type AdminCarInput = z.infer<typeof AdminCarInputSchema>;
export type AdminCarFormValues = z.input<typeof AdminCarInputSchema>;

export const AdminCarListQuerySchema = AdminPageQuerySchema.extend({
  /** Words that each start a word of 'year make model colour city'. */
  q: optionalSearch,
  make: optionalSearch,
  body_type: z.enum(BODY_TYPES).optional(),
  /** Only the cars at this branch. */
  branch_id: id.optional(),
  /** 'active' (default: cars on offer), 'retired', or 'all'. */
  status: z.enum(['active', 'retired', 'all']).default('active'),
});
export type AdminCarListQuery = z.infer<typeof AdminCarListQuerySchema>;

export const AdminCarListResponseSchema = PagingSchema.extend({
  cars: z.array(AdminCarSchema),
  /** Every make in the fleet (retired cars included), for the make filter. */
  makes: z.array(z.string()),
});
export type AdminCarListResponse = z.infer<typeof AdminCarListResponseSchema>;

export const AdminCarResponseSchema = z.object({ car: AdminCarSchema });
export type AdminCarResponse = z.infer<typeof AdminCarResponseSchema>;

/**
 * POST /api/admin/cars/:id/photos, a multipart/form-data body: an optional `alt` text, then
 * the file. For the document: the handler reads the parts as they stream in and checks the
 * file's bytes, not its declared type.
 */
export const AdminPhotoUploadFormSchema = z.object({
  alt: z
    .string()
    .optional()
    .meta({ description: 'The text for screen readers (sent before the file).' }),
  file: z
    .file()
    .max(PHOTO_MAX_BYTES)
    // Its bytes must be a JPG, PNG or WebP image (PHOTO_ACCEPT); the declared type is not read.
    .meta({ description: 'A JPG, PNG or WebP image, at most 8 MB.' }),
});

export const AdminPhotoOrderInputSchema = z.object({
  photo_ids: z.array(id).min(1).max(PHOTOS_PER_CAR_MAX),
});
export type AdminPhotoOrderInput = z.infer<typeof AdminPhotoOrderInputSchema>;

export const AdminPhotosResponseSchema = z.object({ photos: z.array(AdminCarPhotoSchema) });
export type AdminPhotosResponse = z.infer<typeof AdminPhotosResponseSchema>;
export const AdminPhotoUploadResponseSchema = AdminPhotosResponseSchema.extend({
  photo: AdminCarPhotoSchema,
});
export type AdminPhotoUploadResponse = z.infer<typeof AdminPhotoUploadResponseSchema>;

// ---------------------------------------------------------------- maintenance blocks

export const AdminMaintenanceBlockSchema = z.object({
  id: z.number().int(),
  car_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  note: z.string().nullable(),
  created_by: AdminPersonSchema.nullable(),
  created_at: z.string(),
});
export type AdminMaintenanceBlock = z.infer<typeof AdminMaintenanceBlockSchema>;

/** Both ends included, like bookings; at most MAX_RENTAL_DAYS long (retire a car for longer). */
export const AdminMaintenanceInputSchema = z
  .object({
    start_date: requiredIsoDate('Start date is required'),
    end_date: requiredIsoDate('End date is required'),
    note: z
      .string()
      .trim()
      .max(500, { error: 'Note must be 500 characters or less' })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'End date cannot be before start date',
      });
    } else if (daysBetween(v.start_date, v.end_date) > MAX_RENTAL_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `A maintenance block can be at most ${MAX_RENTAL_DAYS} days long; retire the car for longer`,
      });
    }
  });
export type AdminMaintenanceInput = z.infer<typeof AdminMaintenanceInputSchema>;
export type AdminMaintenanceFormValues = z.input<typeof AdminMaintenanceInputSchema>;

export const AdminMaintenanceListResponseSchema = z.object({
  blocks: z.array(AdminMaintenanceBlockSchema),
});
export const AdminMaintenanceResponseSchema = z.object({ block: AdminMaintenanceBlockSchema });
