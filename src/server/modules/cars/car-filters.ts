import {
  CAR_FEATURES,
  COLOUR_FAMILIES,
  colourFamilyOf,
  hasFeature,
  townOf,
  type CarFeature,
  type CarSort,
  type ColourFamily,
} from '../../../shared/car-facets';
import { BODY_TYPES, FUEL_TYPES, TRANSMISSIONS } from '../../../shared/constants';
import type { Car, CarFacets, CarFilters } from '../../../shared/schemas/cars';

/** A car with the values its filters look at, worked out once per catalogue snapshot. */
export interface IndexedCar {
  car: Car;
  make: string;
  model: string;
  town: string;
  townKey: string;
  colour: ColourFamily;
  /** Lower-cased words of the title and body type, for the header search. */
  words: string[];
}

export function indexCar(car: Car): IndexedCar {
  const town = townOf(car.location.city);
  return {
    car,
    make: car.make.toLowerCase(),
    model: car.model.toLowerCase(),
    town,
    townKey: town.toLowerCase(),
    colour: colourFamilyOf(car.colour),
    words: `${car.title} ${car.body_type}`.toLowerCase().split(/\s+/),
  };
}

/** Where each pickup town sits on a map: the mean position of the whole fleet's cars there. */
export function townPositions(cars: IndexedCar[]): Map<string, { lat: number; long: number }> {
  const sums = new Map<string, { lat: number; long: number; n: number }>();
  for (const { town, car } of cars) {
    const sum = sums.get(town) ?? { lat: 0, long: 0, n: 0 };
    sum.lat += car.location.lat;
    sum.long += car.location.long;
    sum.n++;
    sums.set(town, sum);
  }
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return new Map(
    [...sums].map(([town, s]) => [town, { lat: round(s.lat / s.n), long: round(s.long / s.n) }]),
  );
}

/** The facets of the sidebar; each feature is a facet of its own. */
type FacetKey =
  | 'location'
  | 'body_type'
  | 'make'
  | 'model'
  | 'year'
  | 'transmission'
  | 'fuel_type'
  | 'doors'
  | 'seats'
  | 'colour'
  | 'price'
  | CarFeature;

interface Predicate {
  /** null: a condition that is not a facet (the text search, dates) and always applies. */
  facet: FacetKey | null;
  test: (c: IndexedCar) => boolean;
}

function predicatesOf(filters: CarFilters, busy?: Set<number>): Predicate[] {
  const list: Predicate[] = [];
  const add = (facet: FacetKey | null, test: (c: IndexedCar) => boolean) =>
    list.push({ facet, test });

  const terms = filters.q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  // Each typed word must start a word of the title: 'cor 20' finds '2020 Toyota Corolla'.
  if (terms.length) add(null, (c) => terms.every((t) => c.words.some((w) => w.startsWith(t))));
  if (busy?.size) add(null, (c) => !busy.has(c.car.id));

  if (filters.location) {
    const town = filters.location.toLowerCase();
    add('location', (c) => c.townKey === town);
  }
  if (filters.make) {
    const make = filters.make.toLowerCase();
    add('make', (c) => c.make === make);
  }
  if (filters.model) {
    const model = filters.model.toLowerCase();
    add('model', (c) => c.model === model);
  }
  const { body_type: types, transmission, fuel_type: fuels, colour, doors, features } = filters;
  if (types) add('body_type', (c) => types.includes(c.car.body_type));
  if (transmission) add('transmission', (c) => transmission.includes(c.car.transmission));
  if (fuels) add('fuel_type', (c) => fuels.includes(c.car.fuel_type));
  if (colour) add('colour', (c) => colour.includes(c.colour));
  if (doors) add('doors', (c) => c.car.no_of_doors !== null && doors.includes(c.car.no_of_doors));
  const {
    min_year: minYear,
    max_year: maxYear,
    min_price: minPrice,
    max_price: maxPrice,
  } = filters;
  if (minYear !== undefined || maxYear !== undefined) {
    add('year', (c) => c.car.year >= (minYear ?? -Infinity) && c.car.year <= (maxYear ?? Infinity));
  }
  if (minPrice !== undefined || maxPrice !== undefined) {
    add(
      'price',
      (c) => c.car.price >= (minPrice ?? -Infinity) && c.car.price <= (maxPrice ?? Infinity),
    );
  }
  const seats = filters.seats;
  if (seats !== undefined) add('seats', (c) => (c.car.seat_capacity ?? 0) >= seats);
  for (const feature of features ?? []) add(feature, (c) => hasFeature(c.car, feature));
  return list;
}

/** Filters that the snapshot answers alone; dates need the bookings and come in `busy`. */
export function matchCars(
  cars: IndexedCar[],
  filters: CarFilters,
  busy?: Set<number>,
): IndexedCar[] {
  const predicates = predicatesOf(filters, busy);
  return cars.filter((c) => predicates.every((p) => p.test(c)));
}

const byPrice = (a: Car, b: Car) => a.price - b.price || a.id - b.id;
const SORTS: Record<CarSort, ((a: Car, b: Car) => number) | null> = {
  recommended: null,
  price_asc: byPrice,
  price_desc: (a, b) => b.price - a.price || a.id - b.id,
  newest: (a, b) => b.year - a.year || a.id - b.id,
};

/** The fleet's own order (by id) unless another is asked for. */
export function sortCars(cars: Car[], sort: CarSort | undefined): Car[] {
  const compare = SORTS[sort ?? 'recommended'];
  return compare ? [...cars].sort(compare) : cars;
}

class Tally<K> {
  readonly counts = new Map<K, number>();
  /** Every value the fleet has gets an entry, so a value excluded by other filters shows 0. */
  see(value: K) {
    if (!this.counts.has(value)) this.counts.set(value, 0);
  }
  add(value: K) {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }
  list(order?: readonly K[]) {
    const entries = [...this.counts].map(([value, count]) => ({ value, count }));
    if (order) return entries.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
    return entries.sort((a, b) =>
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : String(a.value).localeCompare(String(b.value)),
    );
  }
}

/**
 * Faceted counts in one pass: a car failing no filter counts in every facet; a car failing
 * exactly one filter counts only in that filter's facet (its own choice is ignored there);
 * a car failing two or more counts nowhere.
 */
export function countFacets(
  cars: IndexedCar[],
  filters: CarFilters,
  towns: Map<string, { lat: number; long: number }>,
  busy?: Set<number>,
): { total: number; facets: CarFacets } {
  const predicates = predicatesOf(filters, busy);
  const location = new Tally<string>();
  const bodyType = new Tally<Car['body_type']>();
  const make = new Tally<string>();
  const model = new Map<string, { value: string; make: string; count: number }>();
  const year = new Tally<number>();
  const transmission = new Tally<Car['transmission']>();
  const fuel = new Tally<Car['fuel_type']>();
  const doors = new Tally<number>();
  const seats = new Tally<number>();
  const colour = new Tally<ColourFamily>();
  const features = new Tally<CarFeature>();
  const prices: number[] = [];
  for (const feature of CAR_FEATURES) features.see(feature);
  let total = 0;

  for (const c of cars) {
    const { car } = c;
    const modelKey = `${car.make}\u0000${car.model}`;
    location.see(c.town);
    bodyType.see(car.body_type);
    make.see(car.make);
    if (!model.has(modelKey)) model.set(modelKey, { value: car.model, make: car.make, count: 0 });
    year.see(car.year);
    transmission.see(car.transmission);
    fuel.see(car.fuel_type);
    if (car.no_of_doors !== null) doors.see(car.no_of_doors);
    if (car.seat_capacity !== null) seats.see(car.seat_capacity);
    colour.see(c.colour);

    let failed: FacetKey | null | undefined;
    let failures = 0;
    for (const p of predicates) {
      if (p.test(c)) continue;
      failures++;
      failed = p.facet;
      // A non-facet condition or a second failure: this car counts nowhere.
      if (failed === null || failures > 1) break;
    }
    if (failures > 1 || failed === null) continue;
    const counts = (facet: FacetKey) => failures === 0 || failed === facet;
    if (failures === 0) total++;

    if (counts('location')) location.add(c.town);
    if (counts('body_type')) bodyType.add(car.body_type);
    if (counts('make')) make.add(car.make);
    if (counts('model')) model.get(modelKey)!.count++;
    if (counts('year')) year.add(car.year);
    if (counts('transmission')) transmission.add(car.transmission);
    if (counts('fuel_type')) fuel.add(car.fuel_type);
    if (counts('doors') && car.no_of_doors !== null) doors.add(car.no_of_doors);
    if (counts('seats') && car.seat_capacity !== null) seats.add(car.seat_capacity);
    if (counts('colour')) colour.add(c.colour);
    if (counts('price')) prices.push(car.price);
    for (const feature of CAR_FEATURES) {
      if (counts(feature) && hasFeature(car, feature)) features.add(feature);
    }
  }

  return {
    total,
    facets: {
      location: location
        .list()
        .map((entry) => ({ ...entry, ...(towns.get(entry.value) ?? { lat: 0, long: 0 }) })),
      body_type: bodyType.list(BODY_TYPES),
      make: make.list(),
      model: [...model.values()].sort(
        (a, b) => a.make.localeCompare(b.make) || a.value.localeCompare(b.value),
      ),
      year: year.list(),
      transmission: transmission.list(TRANSMISSIONS),
      fuel_type: fuel.list(FUEL_TYPES),
      doors: doors.list(),
      seats: seats.list(),
      colour: colour.list(COLOUR_FAMILIES),
      features: features.list(CAR_FEATURES),
      price: { values: prices.sort((a, b) => a - b) },
    },
  };
}
