import { describe, expect, test } from 'vitest';
import {
  clearedInventoryFilters,
  inPriceRange,
  readInventoryFilters,
  toApiFilters,
  withInventoryFilters,
} from './inventory-filters';

const read = (query: string) => readInventoryFilters(new URLSearchParams(query));

describe('the default price filter (CAT-9)', () => {
  test('keeps the cheapest car of the fleet, whose card says GH₵ 350/Day', () => {
    const f = read('');
    expect(inPriceRange(350, f.price)).toBe(true);
    expect(toApiFilters(f).min_price).toBeUndefined();
  });
});

describe('the inventory pages read their filters from the address', () => {
  test('a first visit has the default price range (CAT-9) and nothing else', () => {
    const f = read('');
    expect(f.price).toEqual({ min: 0, max: 5_000 });
    expect(f).toMatchObject({
      make: null,
      bodyTypes: [],
      features: [],
      page: 1,
      sort: 'recommended',
    });
  });

  test('lists keep only the values the API knows', () => {
    const f = read(
      'body_type=suv,tank,SEDAN&fuel_type=coal&doors=4,x,2&features=bluetooth,jetpack&colour=blue',
    );
    expect(f.bodyTypes).toEqual(['sedan', 'suv']);
    expect(f.fuels).toEqual([]);
    expect(f.doors).toEqual([2, 4]);
    expect(f.features).toEqual(['bluetooth']);
    expect(f.colours).toEqual(['blue']);
  });

  test('a reversed year range is put the right way round; a broken price falls back to the default', () => {
    expect(read('min_year=2023&max_year=2019')).toMatchObject({ minYear: 2019, maxYear: 2023 });
    expect(read('price=900-200').price).toEqual({ min: 200, max: 900 });
    expect(read('price=cheap').price).toEqual({ min: 0, max: 5_000 });
    expect(read('price=0-90000').price).toEqual({ min: 0, max: 5_000 });
  });
});

describe('changing filters', () => {
  test('any change but the page goes back to page 1; defaults leave the address', () => {
    const next = withInventoryFilters(new URLSearchParams('page=3&make=Audi'), {
      bodyTypes: ['suv', 'van'],
    });
    expect(next.toString()).toBe('make=Audi&body_type=suv%2Cvan');
    const back = withInventoryFilters(next, { bodyTypes: [], price: { min: 0, max: 5_000 } });
    expect(back.toString()).toBe('make=Audi');
    expect(withInventoryFilters(back, { page: 2 }).get('page')).toBe('2');
  });

  test('clearing everything opens the whole price range and keeps the order', () => {
    const cleared = clearedInventoryFilters(new URLSearchParams('make=Kia&sort=price_asc&seats=7'));
    expect(Object.fromEntries(cleared)).toEqual({ sort: 'price_asc', price: '0-5000' });
  });
});

describe('the daily price range', () => {
  test('is sent to the API as it is, in cedis a day', () => {
    const api = toApiFilters(read('price=500-1500'));
    expect(api.min_price).toBe(500);
    expect(api.max_price).toBe(1500);
  });

  test('the ends of the slider mean no bound at all', () => {
    const api = toApiFilters(read('price=0-5000'));
    expect(api.min_price).toBeUndefined();
    expect(api.max_price).toBeUndefined();
    expect(inPriceRange(9_000, { min: 0, max: 5_000 })).toBe(true);
  });

  test('the live count agrees with the bounds sent to the server', () => {
    const range = { min: 500, max: 1_500 };
    const api = toApiFilters(read('price=500-1500'));
    for (const perDay of [499.99, 500, 1_000, 1_500, 1_500.01]) {
      const server = perDay >= Number(api.min_price) && perDay <= Number(api.max_price);
      expect(inPriceRange(perDay, range), String(perDay)).toBe(server);
    }
  });
});
