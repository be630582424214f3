import {
  CAR_FEATURES,
  CAR_SORTS,
  COLOUR_FAMILIES,
  type CarFeature,
  type CarSort,
  type ColourFamily,
} from '../../../shared/car-facets';
import {
  BODY_TYPES,
  FUEL_TYPES,
  TRANSMISSIONS,
  type BodyType,
  type FuelType,
  type Transmission,
} from '../../../shared/constants';

/**
 * The price slider (CAT-9) is in cedis a day, the price the cards show, from 0 to 5,000 (the
 * dearest car is GH₵ 3,500 a day), and starts at the whole range: a default that is a filter
 * hid the cheapest cars from every first visit. The top of the slider means "and above", so
 * dragging it to the end never hides a dearer car.
 */
export const PRICE_RANGE = {
  min: 0,
  max: 5_000,
  step: 50,
  defaultMin: 0,
  defaultMax: 5_000,
} as const;

export const INVENTORY_PAGE_SIZE = 12;

export interface PriceRange {
  min: number;
  max: number;
}

export interface InventoryFilters {
  location: string | null;
  make: string | null;
  model: string | null;
  bodyTypes: BodyType[];
  transmissions: Transmission[];
  fuels: FuelType[];
  colours: ColourFamily[];
  doors: number[];
  features: CarFeature[];
  minYear: number | null;
  maxYear: number | null;
  /** At least this many seats. */
  seats: number | null;
  /** Cedis a day, as the cards show. */
  price: PriceRange;
  sort: CarSort;
  page: number;
}

/** The query-string names; the same as the API's, so a filtered address reads plainly. */
export const KEYS = {
  location: 'location',
  make: 'make',
  model: 'model',
  bodyTypes: 'body_type',
  transmissions: 'transmission',
  fuels: 'fuel_type',
  colours: 'colour',
  doors: 'doors',
  features: 'features',
  minYear: 'min_year',
  maxYear: 'max_year',
  seats: 'seats',
  price: 'price',
  sort: 'sort',
  page: 'page',
} as const satisfies Record<keyof InventoryFilters, string>;

const text = (value: string | null) => value?.trim().slice(0, 100) || null;

function listOf<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  const items = (value ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());
  return allowed.filter((v) => items.includes(v));
}

function countsOf(value: string | null): number[] {
  const items = (value ?? '').split(',').map(Number);
  return [...new Set(items.filter((n) => Number.isInteger(n) && n >= 1 && n <= 60))].sort(
    (a, b) => a - b,
  );
}

function intIn(value: string | null, min: number, max: number): number | null {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function priceOf(value: string | null): PriceRange {
  const match = /^(\d+)-(\d+)$/.exec(value ?? '');
  if (!match) return { min: PRICE_RANGE.defaultMin, max: PRICE_RANGE.defaultMax };
  const clamp = (n: number) => Math.min(PRICE_RANGE.max, Math.max(PRICE_RANGE.min, n));
  const [a, b] = [clamp(Number(match[1])), clamp(Number(match[2]))];
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** Reads the filters from the address; anything the API would refuse is dropped, not an error. */
export function readInventoryFilters(params: URLSearchParams): InventoryFilters {
  let minYear = intIn(params.get(KEYS.minYear), 1950, 2100);
  let maxYear = intIn(params.get(KEYS.maxYear), 1950, 2100);
  if (minYear !== null && maxYear !== null && maxYear < minYear)
    [minYear, maxYear] = [maxYear, minYear];
  const sort = params.get(KEYS.sort) as CarSort | null;
  return {
    location: text(params.get(KEYS.location)),
    make: text(params.get(KEYS.make)),
    model: text(params.get(KEYS.model)),
    bodyTypes: listOf(params.get(KEYS.bodyTypes), BODY_TYPES),
    transmissions: listOf(params.get(KEYS.transmissions), TRANSMISSIONS),
    fuels: listOf(params.get(KEYS.fuels), FUEL_TYPES),
    colours: listOf(params.get(KEYS.colours), COLOUR_FAMILIES),
    doors: countsOf(params.get(KEYS.doors)),
    features: listOf(params.get(KEYS.features), CAR_FEATURES),
    minYear,
    maxYear,
    seats: intIn(params.get(KEYS.seats), 1, 60),
    price: priceOf(params.get(KEYS.price)),
    sort: sort && (CAR_SORTS as readonly string[]).includes(sort) ? sort : 'recommended',
    page: intIn(params.get(KEYS.page), 1, 100_000) ?? 1,
  };
}

export type FilterChanges = Partial<{ [K in keyof InventoryFilters]: InventoryFilters[K] | null }>;

function serialise(name: keyof InventoryFilters, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  if (name === 'price') {
    const { min, max } = value as PriceRange;
    return min === PRICE_RANGE.defaultMin && max === PRICE_RANGE.defaultMax
      ? null
      : `${min}-${max}`;
  }
  if (name === 'sort') return value === 'recommended' ? null : String(value);
  if (name === 'page') return value === 1 ? null : String(value);
  return String(value);
}

/** A new query string with some filters changed; any change but the page goes back to page 1. */
export function withInventoryFilters(
  current: URLSearchParams,
  changes: FilterChanges,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes) as [keyof InventoryFilters, unknown][]) {
    const serialised = serialise(name, value);
    if (serialised === null) next.delete(KEYS[name]);
    else next.set(KEYS[name], serialised);
  }
  if (!('page' in changes)) next.delete(KEYS.page);
  return next;
}

/** Every filter off, the price included (the whole slider), keeping the order. */
export function clearedInventoryFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const sort = current.get(KEYS.sort);
  if (sort) next.set(KEYS.sort, sort);
  next.set(KEYS.price, `${PRICE_RANGE.min}-${PRICE_RANGE.max}`);
  return next;
}

export const isWholePriceRange = (price: PriceRange) =>
  price.min <= PRICE_RANGE.min && price.max >= PRICE_RANGE.max;

/** Does a car costing `perDay` cedis fall inside the range? (The slider's live count.) */
export function inPriceRange(perDay: number, price: PriceRange): boolean {
  return perDay >= price.min && (price.max >= PRICE_RANGE.max || perDay <= price.max);
}

/** The API's filter parameters (cedis a day), shared by the list and the counts. */
export function toApiFilters(f: InventoryFilters): Record<string, string | number | undefined> {
  const csv = (values: readonly (string | number)[]) =>
    values.length ? values.join(',') : undefined;
  return {
    location: f.location ?? undefined,
    make: f.make ?? undefined,
    model: f.model ?? undefined,
    body_type: csv(f.bodyTypes),
    transmission: csv(f.transmissions),
    fuel_type: csv(f.fuels),
    colour: csv(f.colours),
    doors: csv(f.doors),
    features: csv(f.features),
    min_year: f.minYear ?? undefined,
    max_year: f.maxYear ?? undefined,
    seats: f.seats ?? undefined,
    min_price: f.price.min > PRICE_RANGE.min ? f.price.min : undefined,
    max_price: f.price.max < PRICE_RANGE.max ? f.price.max : undefined,
  };
}

export function toApiListParams(f: InventoryFilters) {
  return {
    ...toApiFilters(f),
    sort: f.sort === 'recommended' ? undefined : f.sort,
    page: f.page,
    limit: INVENTORY_PAGE_SIZE,
  };
}
