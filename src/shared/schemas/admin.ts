import { z } from 'zod';
import {
  BODY_TYPES,
  BOOKING_STATUSES,
  FUEL_TYPES,
  MAX_RENTAL_DAYS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SECURITY_DEPOSIT_PESEWAS,
  TRANSMISSIONS,
} from '../constants';
import { daysBetween } from '../dates';
import { cedisToPesewas, formatCedis, pesewasToCedis } from '../money';
import { EXTRA_PRICE_KEYS } from '../pricing';
import { BranchSchema, BranchSummarySchema, whenFieldsValid } from './branches';
import {
  numberFromText,
  optionalIsoDate,
  PageQuerySchema,
  PagingSchema,
  requiredIsoDate,
  requiredText,
} from './common';

/**
 * The staff console's API contract (STAFF-1 to STAFF-13), everything under /api/admin.
 * docs/admin-api.md lists the endpoints. Money is shown in cedis (as the renter API does) and
 * stored in pesewas; dates are 'YYYY-MM-DD' in Africa/Accra; timestamps are ISO 8601.
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** Photos: what staff may upload and the widths the server makes of each one. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** The width stored in car_images.url, which the renter API shows as image_url. */
export const PHOTO_DEFAULT_WIDTH = 960;
export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTOS_PER_CAR_MAX = 12;

/** Texts the admin API answers with; the console shows the server's message as it is. */
export const adminMessages = {
  carNotFound: 'Car not found.',
  photoNotFound: 'Photo not found.',
  blockNotFound: 'Maintenance block not found.',
  bookingNotFound: 'Booking not found.',
  customerNotFound: 'Customer not found.',
  messageNotFound: 'Message not found.',
  photoMissing: 'Choose a photo to upload.',
  photoType: 'Upload a JPG, PNG or WebP image.',
  photoUnreadable: 'This image could not be read. Try another file.',
  photoTooMany: `A car can have at most ${PHOTOS_PER_CAR_MAX} photos.`,
  photoTooLarge: 'The photo is too large: 8 MB at most.',
  photoOrder: 'List every photo of this car exactly once.',
  datesTaken: 'This car already has a booking or a maintenance block on some of these days.',
  retireWithBookings:
    'This car has bookings that are not finished. Cancel or complete them before retiring it.',
  alreadyRetired: 'This car is already retired.',
  notRetired: 'This car is not retired.',
  blockAlreadyRemoved: 'This maintenance block was already removed.',
  blockInPast: 'A maintenance block cannot end in the past.',
  // Booking actions refused (HTTP 409): each names what would make the action possible.
  cashNotPayOnPickup: 'Cash is recorded only for pay-on-pickup bookings.',
  cashNotDue: 'There is no unpaid amount to record on this booking.',
  cashWrongStatus: 'Cash can be recorded only before the car is picked up.',
  pickUpWrongStatus: 'Only a pending or confirmed booking can be picked up.',
  pickUpUnpaid: 'Record the payment before handing over the car.',
  pickUpTooEarly: 'This booking has not started yet: the car can be picked up from its start date.',
  pickUpTooLate: 'This booking has ended: the car can no longer be picked up for it.',
  returnWrongStatus: 'Only a booking whose car is out (active) can be marked returned.',
  cancelWrongStatus: 'Only a pending or confirmed booking can be cancelled.',
  cancelActive: 'The car is out with the renter: mark it returned instead.',
  changedMeanwhile: 'This booking changed while you were looking at it. Reload it and try again.',
  // Branches and the car's branch (STAFF-10, STAFF-11).
  branchNotFound: 'Branch not found.',
  chooseBranch: 'Choose a branch',
  branchNameTaken: 'There is already a branch with this name',
} as const;

// ---------------------------------------------------------------- shared pieces

const optionalSearch = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));
const id = z.preprocess(
  numberFromText,
  z.number({ error: 'Must be a number' }).int().min(1).max(2_147_483_647),
);

export const AdminPageQuerySchema = PageQuerySchema(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX);
export const AdminIdParamsSchema = z.object({ id });
export const AdminCarPhotoParamsSchema = z.object({ id, photoId: id });
export const AdminCarBlockParamsSchema = z.object({ id, blockId: id });
export const AdminBookingCodeParamsSchema = z.object({ code: z.string().min(1).max(40) });

export const AdminMessageResponseSchema = z.object({ message: z.string() });

/** A user as staff see them next to a booking or a timeline entry. */
export const AdminPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  msisdn: z.string(),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

// ---------------------------------------------------------------- cars

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

// ---------------------------------------------------------------- bookings

export const ADMIN_BOOKING_ACTIONS = ['record_cash', 'pick_up', 'return', 'cancel'] as const;
export type AdminBookingAction = (typeof ADMIN_BOOKING_ACTIONS)[number];

export const AdminBookingSummarySchema = z.object({
  id: z.number().int(),
  booking_code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  start_date: z.string(),
  end_date: z.string(),
  /** 'HH:MM' Accra time, at `branch` (BOOK-16, BRANCH-3). */
  pickup_time: z.string(),
  return_time: z.string(),
  branch: BranchSummarySchema,
  days: z.number().int(),
  price_per_day: z.number(),
  total_cost: z.number(),
  created_at: z.string(),
  car: z.object({ id: z.number().int(), title: z.string() }),
  renter: AdminPersonSchema,
  /** A payment of this booking is flagged for staff (payments.flagged_reason). */
  flagged: z.boolean(),
});
export type AdminBookingSummary = z.infer<typeof AdminBookingSummarySchema>;

export const AdminBookingEventSchema = z.object({
  id: z.number().int(),
  /** created, paid, cash_recorded, picked_up, returned, cancelled, refunded, … */
  type: z.string(),
  /** renter | staff | system | provider */
  actor: z.string(),
  actor_user: AdminPersonSchema.nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AdminBookingEvent = z.infer<typeof AdminBookingEventSchema>;

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  network: z.string().nullable(),
  wallet_msisdn: z.string().nullable(),
  flagged_reason: z.string().nullable(),
  /** The provider's id of the refund asked for, if any (PAY-17). */
  refund_id: z.string().nullable().optional(),
  /** Staff's note when a refund was settled by hand (PAY-18). */
  refund_note: z.string().nullable().optional(),
  /** Why a failed attempt failed, in the provider's words (STAFF-35); null otherwise. */
  failure_reason: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminBookingDetailSchema = AdminBookingSummarySchema.extend({
  line_cost: z.number(),
  deposit: z.number(),
  /** The weekly price's saving and the extras, in cedis (PRICE-2 to PRICE-4). */
  discount: z.number(),
  extras: z.number(),
  /** Every amount of the total as the renter was charged it (PRICE-6). */
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  chauffeur: z.boolean(),
  child_seat: z.boolean(),
  delivery_address: z.string().nullable(),
  destination: z.string(),
  destination_type: z.number().int(),
  hold_expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  updated_at: z.string(),
  /** What staff may do now; the server checks again when they do it. */
  allowed_actions: z.array(z.enum(ADMIN_BOOKING_ACTIONS)),
  /** Oldest first. */
  events: z.array(AdminBookingEventSchema),
  /** Oldest first. */
  payments: z.array(AdminPaymentSchema),
  /**
   * What the booking still owes for the rental, in cedis (HAND-10): a change or an extension
   * not paid yet. Collected at the return (HAND-11); 0 once completed.
   */
  balance_due: z.number(),
});
export type AdminBookingDetail = z.infer<typeof AdminBookingDetailSchema>;

export const AdminBookingListQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  /** Bookings whose days overlap [from, to]; either end may be left out. */
  from: optionalIsoDate,
  to: optionalIsoDate,
  car_id: id.optional(),
  /** A booking code (with or without 'CL-') or the renter's phone number, in any format. */
  q: optionalSearch,
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
  }
});
export type AdminBookingListQuery = z.infer<typeof AdminBookingListQuerySchema>;

export const AdminBookingListResponseSchema = PagingSchema.extend({
  bookings: z.array(AdminBookingSummarySchema),
  /**
   * True when `total` is an estimate: past 10,000 matching rows the server does not count them
   * (and lists no page beyond the 10,000th row; `last_page` says how far it goes).
   */
  total_is_estimate: z.boolean(),
});
export type AdminBookingListResponse = z.infer<typeof AdminBookingListResponseSchema>;

export const AdminBookingResponseSchema = z.object({ booking: AdminBookingDetailSchema });
export type AdminBookingResponse = z.infer<typeof AdminBookingResponseSchema>;

/** Body of every booking action: an optional note that goes on the timeline. */
export const AdminBookingActionInputSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(500, { error: 'Note must be 500 characters or less' })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  // Actions may be posted with no body at all (Fastify hands the schema null then).
  .nullish()
  .transform((v) => v ?? { note: null });
export type AdminBookingActionInput = z.input<typeof AdminBookingActionInputSchema>;

export const AdminBookingActionResponseSchema = z.object({
  message: z.string(),
  booking: AdminBookingDetailSchema,
});
export type AdminBookingActionResponse = z.infer<typeof AdminBookingActionResponseSchema>;

/** The refund a staff action is about: its payment reference (PAY-18); without it, the newest. */
const refundReference = z.string().trim().min(1).max(64).optional();

/** 'Retry refund' (PAY-18), for the refund staff pressed it on. */
export const AdminRetryRefundInputSchema = z.object({ reference: refundReference });
export type AdminRetryRefundInput = z.infer<typeof AdminRetryRefundInputSchema>;

/** 'Settled by hand' says how the money went back (PAY-18): the note is required. */
export const AdminSettleRefundInputSchema = z.object({
  note: z
    .string({ error: 'Say how the money was returned' })
    .trim()
    .min(1, { error: 'Say how the money was returned' })
    .max(500, { error: 'Note must be 500 characters or less' }),
  reference: refundReference,
});
export type AdminSettleRefundInput = z.infer<typeof AdminSettleRefundInputSchema>;

// ---------------------------------------------------------------- dashboard

export const AdminMoneyDaySchema = z.object({ date: z.string(), amount: z.number() });

export const AdminDashboardResponseSchema = z.object({
  /** Today in Africa/Accra. */
  today: z.string(),
  /** Live bookings starting today (not yet picked up). */
  pickups: z.array(AdminBookingSummarySchema),
  /** Active bookings ending today, and overdue ones (ended before today, car not back). */
  returns: z.array(AdminBookingSummarySchema),
  needs_action: z.object({
    /** Pay-on-pickup bookings due (start today or earlier) whose cash is not recorded. */
    awaiting_cash: z.array(AdminBookingSummarySchema),
    /** Bookings with a payment flagged for staff (amount mismatch, paid after expiry, …). */
    flagged_payments: z.array(
      AdminBookingSummarySchema.extend({
        flagged_reason: z.string(),
        payment_reference: z.string(),
      }),
    ),
  }),
  /** Renters' documents waiting for a check (DOC-8): the console's Documents badge. */
  documents_waiting: z.number().int(),
  /** This month: booked days ÷ days the non-retired cars could be rented (maintenance excluded). */
  utilisation: z.object({
    month: z.string(),
    booked_days: z.number().int(),
    available_days: z.number().int(),
    /** 0 to 1; 0 when nothing is available. */
    rate: z.number(),
    cars: z.number().int(),
  }),
  /**
   * Rental income (HAND-9): successful payments (cash and mobile money) less the deposits they
   * carry, by the day they were made, in cedis.
   */
  revenue: z.object({
    this_month: z.object({ month: z.string(), amount: z.number(), payments: z.number().int() }),
    last_month: z.object({ month: z.string(), amount: z.number(), payments: z.number().int() }),
    /** Every day from the first of last month to today, oldest first (zeros included). */
    daily: z.array(AdminMoneyDaySchema),
  }),
  /**
   * Deposits, apart from income (HAND-9): held now for cars that are out, and returned and
   * kept by this month's returns, in cedis.
   */
  deposits: z.object({
    month: z.string(),
    held_now: z.number(),
    held_count: z.number().int(),
    returned: z.number(),
    kept: z.number(),
    returns: z.number().int(),
  }),
});
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponseSchema>;

// ---------------------------------------------------------------- customers

export const AdminCustomerSchema = AdminPersonSchema.extend({
  email: z.string().nullable(),
  created_at: z.string(),
  bookings_count: z.number().int(),
  /** Bookings still holding a car (pending, confirmed, active). */
  live_bookings_count: z.number().int(),
  last_booking_at: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerListQuerySchema = AdminPageQuerySchema.extend({
  /** Part of the name, or a phone number in any format (or its last digits). */
  q: optionalSearch,
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

export const AdminCustomerListResponseSchema = PagingSchema.extend({
  customers: z.array(AdminCustomerSchema),
  /**
   * True when `total` is an estimate: past 10,000 matching rows the server does not count them
   * (and lists no page beyond the 10,000th row; `last_page` says how far it goes).
   */
  total_is_estimate: z.boolean(),
});
export type AdminCustomerListResponse = z.infer<typeof AdminCustomerListResponseSchema>;

/** One customer and a page of their bookings, newest first. */
export const AdminCustomerResponseSchema = PagingSchema.extend({
  customer: AdminCustomerSchema,
  bookings: z.array(AdminBookingSummarySchema),
});
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponseSchema>;

// ---------------------------------------------------------------- messages

export const AdminContactMessageSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;

export const AdminContactListResponseSchema = PagingSchema.extend({
  messages: z.array(AdminContactMessageSchema),
  unread: z.number().int(),
});
export type AdminContactListResponse = z.infer<typeof AdminContactListResponseSchema>;

export const AdminContactMessageResponseSchema = z.object({ message: AdminContactMessageSchema });

export const AdminNewsletterSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
});
export const AdminNewsletterListResponseSchema = PagingSchema.extend({
  subscriptions: z.array(AdminNewsletterSchema),
});
export type AdminNewsletterListResponse = z.infer<typeof AdminNewsletterListResponseSchema>;

// ---------------------------------------------------------------- branches and extra prices

/** A branch as staff see it (STAFF-10): what renters see, and how many cars stand there. */
export const AdminBranchSchema = BranchSchema.extend({
  /** Cars on offer at this branch (retired ones are not counted). */
  car_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBranch = z.infer<typeof AdminBranchSchema>;

/** Every branch, by name (there are a handful: no paging). */
export const AdminBranchListResponseSchema = z.object({ branches: z.array(AdminBranchSchema) });
export type AdminBranchListResponse = z.infer<typeof AdminBranchListResponseSchema>;
export const AdminBranchResponseSchema = z.object({ branch: AdminBranchSchema });
export type AdminBranchResponse = z.infer<typeof AdminBranchResponseSchema>;

/** The extras' prices in cedis (STAFF-12), the body of PUT /api/admin/extra-prices as well. */
export const AdminExtraPricesResponseSchema = z.object({
  prices: z.object(
    Object.fromEntries(EXTRA_PRICE_KEYS.map((key) => [key, z.number()])) as Record<
      (typeof EXTRA_PRICE_KEYS)[number],
      z.ZodNumber
    >,
  ),
  /** When a price was last changed; null if never since they were set up. */
  updated_at: z.string().nullable(),
});
export type AdminExtraPricesResponse = z.infer<typeof AdminExtraPricesResponseSchema>;
