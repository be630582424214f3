import { z } from 'zod';
import {
  BODY_TYPES,
  CAR_PAGE_SIZE,
  CAR_PAGE_SIZE_MAX,
  FUEL_TYPES,
  TRANSMISSIONS,
} from '../constants';
import { CAR_FEATURES, CAR_SORTS, COLOUR_FAMILIES } from '../car-facets';
import { optionalIsoDate, PageQuerySchema, PagingSchema } from './common';

export const CarImageSchema = z.object({ image_url: z.string(), alt: z.string() });

/** A car as the API shows it (CAT-2): the first version's fields plus title, body and fuel type. Prices in cedis. */
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
  /** Where the car is picked up (BRANCH-2). */
  branch: z.object({ id: z.number().int(), name: z.string(), town: z.string() }),
  /** The price of 7 days, if the car has one (PRICE-2). */
  weekly_price: z.number().nullable(),
  /** This car's security deposit, in cedis (PRICE-5). */
  deposit: z.number(),
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
const optionalDate = optionalIsoDate;
const optionalMoney = z.coerce.number().min(0).max(10_000_000).optional();

/** 'suv' → '[sS][uU][vV]': a list is matched in any case (it is lower-cased before use). */
const anyCase = (value: string) => value.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
/**
 * A comma-separated list whose items match `item`: white space around items and empty items
 * (',,') are allowed and dropped. A pattern, not a check after splitting, so the OpenAPI
 * document states the same rule.
 */
const listPattern = (item: string) =>
  // Each slot is 'spaces, then maybe an item and spaces': one way to read any text, so a long
  // hostile list fails in linear time instead of backtracking.
  new RegExp(String.raw`^\s*(?:(?:${item})\s*)?(?:,\s*(?:(?:${item})\s*)?)*$`);

/**
 * A comma-separated list of allowed values (`?fuel_type=diesel,hybrid`), matched as "any of";
 * a single value, as the first version sent for body type and transmission, still works.
 */
const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(300, { abort: true })
    .regex(listPattern(values.map(anyCase).join('|')), {
      error: `Use one or more of ${values.join(', ')}, separated by commas`,
    })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(values)))
    .optional()
    .transform((v) => (v?.length ? v : undefined));
/** Door counts, 1 to 60, as a list ('2,4'). */
const csvOfCounts = z
  .string()
  .max(100, { abort: true })
  .regex(listPattern('0*(?:[1-9]|[1-5][0-9]|60)'), {
    error: 'Use whole numbers from 1 to 60, separated by commas',
  })
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    ),
  ])
  .pipe(z.array(z.number().int().min(1).max(60)))
  .optional()
  .transform((v) => (v?.length ? v : undefined));
const optionalYear = z.coerce
  .number({ error: 'Year must be a number' })
  .int()
  .min(1950)
  .max(2100)
  .optional();

/**
 * The filters every car query understands (CAT-3: the car list's and the inventory
 * sidebar's). Lists (`body_type`, `transmission`, `fuel_type`, `doors`, `colour`) match any of
 * their values; `features` needs all of its; `seats` is a minimum; `location` is the pickup
 * town ('Accra'); `colour` the colour family (src/shared/car-facets.ts). Prices in cedis a day.
 */
const carFilterShape = {
  make: optionalText,
  model: optionalText,
  /** Free text over the title (year, make, model): the header search. */
  q: optionalText,
  location: optionalText,
  body_type: csvOf(BODY_TYPES),
  transmission: csvOf(TRANSMISSIONS),
  fuel_type: csvOf(FUEL_TYPES),
  colour: csvOf(COLOUR_FAMILIES),
  features: csvOf(CAR_FEATURES),
  doors: csvOfCounts,
  min_year: optionalYear,
  max_year: optionalYear,
  min_price: optionalMoney,
  max_price: optionalMoney,
  seats: z.coerce.number().int().min(1).max(60).optional(),
  start_date: optionalDate,
  end_date: optionalDate,
};

function refineCarFilters(
  q: { start_date?: string; end_date?: string; min_year?: number; max_year?: number },
  ctx: z.RefinementCtx,
) {
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
  if (q.min_year !== undefined && q.max_year !== undefined && q.max_year < q.min_year) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_year'],
      message: 'The newest year cannot be before the oldest',
    });
  }
}

/** GET /api/cars/facets: the filters alone. */
export const CarFiltersSchema = z.object(carFilterShape).superRefine(refineCarFilters);
export type CarFilters = z.infer<typeof CarFiltersSchema>;

/** GET /api/get/cars: paging (LIMIT-5 defaults), the filters, and an order. */
export const ListCarsQuerySchema = PageQuerySchema(CAR_PAGE_SIZE, CAR_PAGE_SIZE_MAX)
  .extend({ ...carFilterShape, sort: z.enum(CAR_SORTS).optional() })
  .superRefine(refineCarFilters);
export type ListCarsQuery = z.infer<typeof ListCarsQuerySchema>;

export const ListCarsResponseSchema = PagingSchema.extend({
  success: z.literal(true),
  all_cars: z.array(CarSchema),
  brands: z.array(BrandCountSchema),
});
export type ListCarsResponse = z.infer<typeof ListCarsResponseSchema>;

const countOf = <T extends z.ZodType>(value: T) =>
  z.object({ value, count: z.number().int().min(0) });

/**
 * Faceted counts for the inventory sidebar: for each filter, how many cars each of its values
 * would give. A filter's own choice is left out of its counts (choosing Diesel does not turn
 * Petrol's count to 0), every other filter is applied. Every value the active fleet has is
 * listed, with 0 where the other filters exclude it.
 */
export const CarFacetsResponseSchema = z.object({
  success: z.literal(true),
  /** Cars matching every filter: the same number as the list's `total`. */
  total: z.number().int(),
  facets: z.object({
    /** Pickup towns, with where to put each on a map: the mean position of its cars. */
    location: z.array(countOf(z.string()).extend({ lat: z.number(), long: z.number() })),
    body_type: z.array(countOf(z.enum(BODY_TYPES))),
    make: z.array(countOf(z.string())),
    model: z.array(countOf(z.string()).extend({ make: z.string() })),
    year: z.array(countOf(z.number().int())),
    transmission: z.array(countOf(z.enum(TRANSMISSIONS))),
    fuel_type: z.array(countOf(z.enum(FUEL_TYPES))),
    doors: z.array(countOf(z.number().int())),
    /** Cars with exactly this many seats; the `seats` filter is a minimum, so sum upwards. */
    seats: z.array(countOf(z.number().int())),
    colour: z.array(countOf(z.enum(COLOUR_FAMILIES))),
    /** Each feature counts as its own filter: how many cars the list would have with it added. */
    features: z.array(countOf(z.enum(CAR_FEATURES))),
    /** The daily prices of the cars matching the other filters, ascending: a slider can count live. */
    price: z.object({ values: z.array(z.number()) }),
  }),
});
export type CarFacetsResponse = z.infer<typeof CarFacetsResponseSchema>;
export type CarFacets = CarFacetsResponse['facets'];

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
  /** Whether exactly from…to is free (BOOK-17); true when no window was asked. */
  available: z.boolean(),
  /** When taken: the first free range of the same length after `from`, within the horizon. */
  next_free: DateRangeSchema.nullable(),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;
