import { describe, expect, test } from 'vitest';
import { readCarListFilters, toCarListParams, withFilters } from './car-list-query';

const TODAY = '2026-11-22';
const read = (query: string) => readCarListFilters(new URLSearchParams(query), TODAY);

describe('the car list reads its filters from the address', () => {
  test('a link from the footer or the mobile menu filters by make and body type', () => {
    expect(read('make=Audi&body_type=suv')).toMatchObject({
      make: 'Audi',
      bodyType: 'suv',
      page: 1,
    });
  });

  test('values the API would refuse are dropped instead of breaking the page', () => {
    expect(read('body_type=spaceship&page=-3')).toMatchObject({ bodyType: null, page: 1 });
    expect(read('page=2.5').page).toBe(1);
  });

  test('a date range counts only when both dates are real, in order and not in the past', () => {
    expect(read('start_date=2026-12-01&end_date=2026-12-03')).toMatchObject({
      startDate: '2026-12-01',
      endDate: '2026-12-03',
    });
    expect(read('start_date=2026-12-01')).toMatchObject({ startDate: null, endDate: null });
    expect(read('start_date=2026-12-03&end_date=2026-12-01').startDate).toBeNull();
    expect(read('start_date=2026-11-01&end_date=2026-11-03').startDate).toBeNull();
    expect(read('start_date=2026-02-30&end_date=2026-03-01').startDate).toBeNull();
  });

  test('the API is asked for 16 cars a page with only the filters that are set', () => {
    expect(toCarListParams(read('make=Toyota&page=2'))).toEqual({
      page: 2,
      limit: 16,
      make: 'Toyota',
      body_type: undefined,
      location: undefined,
      min_price: undefined,
      max_price: undefined,
      start_date: undefined,
      end_date: undefined,
    });
  });

  test("a saved search's link also filters by town and price a day (SAVED-4)", () => {
    expect(read('location=Kumasi&min_price=900&max_price=300')).toMatchObject({
      location: 'Kumasi',
      minPrice: 300,
      maxPrice: 900,
    });
    expect(read('max_price=cheap&min_price=-5')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(toCarListParams(read('location=Tamale&max_price=800'))).toMatchObject({
      location: 'Tamale',
      max_price: 800,
    });
  });
});

describe('changing a filter', () => {
  test('goes back to page 1, as the spec asks of the make filter', () => {
    const next = withFilters(new URLSearchParams('make=Kia&page=3'), { make: 'Toyota' });
    expect(next.toString()).toBe('make=Toyota');
  });

  test('turning the page keeps the other filters and leaves page 1 out of the address', () => {
    expect(withFilters(new URLSearchParams('make=Kia'), { page: 2 }).toString()).toBe(
      'make=Kia&page=2',
    );
    expect(withFilters(new URLSearchParams('make=Kia&page=2'), { page: 1 }).toString()).toBe(
      'make=Kia',
    );
  });

  test('clearing a filter removes it from the address', () => {
    const next = withFilters(
      new URLSearchParams('body_type=suv&start_date=2026-12-01&end_date=2026-12-03'),
      {
        startDate: null,
        endDate: null,
      },
    );
    expect(next.toString()).toBe('body_type=suv');
  });
});
