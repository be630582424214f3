import { z } from 'zod';
import { BODY_TYPES, CAR_PAGE_SIZE, CAR_PAGE_SIZE_MAX, FUEL_TYPES, TRANSMISSIONS } from '../constants';
import { isIsoDate } from '../dates';
import { PageQuerySchema, PagingSchema } from './common';

export const CarImageSchema = z.object({ image_url: z.string(), alt: z.string() });

/** A car as the API shows it: SPEC §3's fields plus title, body and fuel type. Prices in cedis. */
export const CarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  description: z.string(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  images: z.array(CarImageSchema),
  transmission: z.enum(TRANSMISSIONS),
  no_of_doors: z.number().int().nullable(),
  seat_capacity: z.number().int().nullable(),
  has_airconditioning: z.boolean(),
  has_bluetooth: z.boolean(),
  usb_charger: z.boolean(),
  body_type: z.enum(BODY_TYPES),
  fuel_type: z.enum(FUEL_TYPES),
  colour: z.string(),
  location: z.object({ city: z.string(), lat: z.number(), long: z.number() }),
});
export type Car = z.infer<typeof CarSchema>;

export const BrandCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type BrandCount = z.infer<typeof BrandCountSchema>;

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalDate = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === '' || isIsoDate(v), {
    error: 'Enter a valid date (YYYY-MM-DD)',
  })
  .transform((v) => (v ? v : undefined));
const optionalMoney = z.coerce.number().min(0).max(10_000_000).optional();

/** GET /api/get/cars: paging (SPEC §7 defaults) and PRODUCT.md P2.9's server-side filters. */
export const ListCarsQuerySchema = PageQuerySchema(CAR_PAGE_SIZE, CAR_PAGE_SIZE_MAX)
  .extend({
    make: optionalText,
    /** Free text over the title (year, make, model): the header search. */
    q: optionalText,
    body_type: z.enum(BODY_TYPES).optional(),
    transmission: z.enum(TRANSMISSIONS).optional(),
    min_price: optionalMoney,
    max_price: optionalMoney,
    seats: z.coerce.number().int().min(1).max(60).optional(),
    start_date: optionalDate,
    end_date: optionalDate,
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.start_date) !== Boolean(q.end_date)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.start_date ? 'end_date' : 'start_date'],
        message: 'Give both a start and an end date',
      });
    } else if (q.start_date && q.end_date && q.end_date < q.start_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'End date cannot be before start date',
      });
    }
  });
export type ListCarsQuery = z.infer<typeof ListCarsQuerySchema>;

export const ListCarsResponseSchema = PagingSchema.extend({
  success: z.literal(true),
  all_cars: z.array(CarSchema),
  brands: z.array(BrandCountSchema),
});
export type ListCarsResponse = z.infer<typeof ListCarsResponseSchema>;

export const CarIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Car id must be a number' }).int().min(1).max(2_147_483_647),
});

export const CarResponseSchema = z.object({ success: z.literal(true), car: CarSchema });

export const AvailabilityQuerySchema = z.object({ from: optionalDate, to: optionalDate });

export const DateRangeSchema = z.object({ start_date: z.string(), end_date: z.string() });
export const AvailabilityResponseSchema = z.object({
  success: z.literal(true),
  car_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  booked: z.array(DateRangeSchema),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;
