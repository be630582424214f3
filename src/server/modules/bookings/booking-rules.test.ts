import { describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { NO_EXTRAS, priceBooking } from '../../../shared/pricing';
import { NO_EXTRA_PRICES } from './booking-pricing';
import { bookingRuleErrors, lenientFacts } from './booking-rules';

const accra = { opens: '07:00', closes: '21:00', town: 'Accra' };
const kumasi = { ...accra, town: 'Kumasi' };
const car = { pricePerDayPesewas: 300_00, weeklyPricePesewas: 1_800_00, depositPesewas: 200_00 };
const price = (start: string, end: string) =>
  priceBooking(car, start, end, NO_EXTRAS, NO_EXTRA_PRICES);

describe('the quote around month ends and the leap day (PRICE-1, MONEY-3)', () => {
  it('counts nights across a month end and a year end', () => {
    expect(price('2026-01-31', '2026-02-01').days).toBe(1);
    expect(price('2026-12-31', '2027-01-02').days).toBe(2);
  });
  it('counts 29 February 2028 as a day, and a week across it at the weekly price', () => {
    expect(price('2028-02-28', '2028-03-01').days).toBe(2);
    const week = price('2028-02-25', '2028-03-03');
    expect(week.days).toBe(7);
    expect(week.discountPesewas).toBe(7 * 300_00 - 1_800_00);
    expect(week.totalPesewas).toBe(1_800_00 + 200_00);
  });
});

describe('the rules only the server checks (BOOK-16, PRICE-4, LIMIT-14)', () => {
  it('takes times within the hours, both ends included', () => {
    expect(bookingRuleErrors({ pickup_time: '07:00', return_time: '21:00' }, accra)).toEqual({});
    expect(bookingRuleErrors({ pickup_time: '06:59', return_time: '21:01' }, accra)).toEqual({
      pickup_time: [messages.booking.pickupOutsideHours('07:00', '21:00')],
      return_time: [messages.booking.returnOutsideHours('07:00', '21:00')],
    });
  });
  it('delivers only from an Accra branch', () => {
    expect(bookingRuleErrors({ delivery_address: 'Adum' }, kumasi)).toEqual({
      delivery_address: [messages.booking.deliveryOutsideAccra],
    });
    expect(bookingRuleErrors({ delivery_address: 'Osu' }, accra)).toEqual({});
  });
  it('moves the 180-day horizon at Accra midnight, not before', () => {
    const before = todayInAccra(new Date('2026-11-25T23:59:59Z'));
    const after = todayInAccra(new Date('2026-11-26T00:00:00Z'));
    const start = addDays('2026-11-26', 180);
    expect(bookingRuleErrors({ start_date: start }, undefined, before)).toEqual({
      start_date: [messages.booking.tooFarAhead],
    });
    expect(bookingRuleErrors({ start_date: start }, undefined, after)).toEqual({});
  });
  it('reads only the well-formed fields of a raw request', () => {
    expect(lenientFacts({ car_id: '7', start_date: '2026-02-30', pickup_time: '9am' })).toEqual({
      car_id: 7,
      start_date: undefined,
      end_date: undefined,
      pickup_time: undefined,
      return_time: '09:00',
      delivery_address: null,
    });
  });
});
