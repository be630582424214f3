import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { carFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { CarGrid } from './car-grid';
import { CarPriceBox } from './car-price-box';

/** The car list's dates go with the car to its page and to the booking form (PAGE-8). */
const car = carFixture({ id: 4 });
const dates = { start_date: '2031-03-02', end_date: '2031-03-05' };

describe('dates chosen in the car list are carried through', () => {
  test("a card links to the car's page with the dates", () => {
    renderWithApp(<CarGrid cars={[car]} dates={dates} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      '/car-details?id=4&start_date=2031-03-02&end_date=2031-03-05',
    );
  });

  test('without dates the card links to the car alone', () => {
    renderWithApp(<CarGrid cars={[car]} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/car-details?id=4');
  });

  test('Rent Now opens the booking form at those dates', () => {
    renderWithApp(<CarPriceBox car={car} dates={dates} />);
    expect(screen.getByRole('link', { name: 'Rent Now' }).getAttribute('href')).toBe(
      '/booking-details?car=4&start_date=2031-03-02&end_date=2031-03-05',
    );
  });
});

describe('the price box hides nothing (PRICE-4)', () => {
  test('a car at the airport names the airport fee', () => {
    renderWithApp(<CarPriceBox car={car} airportFee={100} />);
    expect(screen.getByText(/Airport pickup fee of GH₵ 100, added once to the total/)).toBeTruthy();
  });

  test('elsewhere there is no such line', () => {
    renderWithApp(<CarPriceBox car={car} />);
    expect(screen.queryByText(/Airport pickup fee/)).toBeNull();
  });
});
