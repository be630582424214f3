import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, todayInAccra } from '../dates';
import { messages } from '../messages';
import { LoginInputSchema, RegisterFormSchema } from './auth';
import { CreateBookingInputSchema } from './bookings';
import { CarFiltersSchema } from './cars';
import { isGhanaMobileNumber } from '../mobile-money';

const fieldErrors = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : (z.flattenError(result.error).fieldErrors as Record<string, string[]>);
};

describe('login rules (VAL-2)', () => {
  it.each([
    [{ msisdn: '', password: '' }, 'msisdn', messages.login.msisdnRequired],
    [{ msisdn: '02441x3456', password: 'secret1' }, 'msisdn', messages.login.msisdnDigits],
    [{ msisdn: '024412345', password: 'secret1' }, 'msisdn', messages.login.msisdnMin],
    [{ msisdn: '0244123456', password: '' }, 'password', messages.login.passwordRequired],
    [{ msisdn: '0244123456', password: '12345' }, 'password', messages.login.passwordMin],
  ])('%o → %s: %s', (value, field, message) => {
    expect(fieldErrors(LoginInputSchema, value)[field]?.[0]).toBe(message);
  });
});

describe('register rules (VAL-3)', () => {
  const valid = {
    name: 'Ama Mensah',
    msisdn: '0244123456',
    password: 'Secret@123',
    password_confirmation: 'Secret@123',
    acceptPolicy: true,
  };
  it('accepts a valid form', () => {
    expect(fieldErrors(RegisterFormSchema, valid)).toEqual({});
  });
  it.each([
    [{ name: '' }, 'name', messages.register.nameRequired],
    [{ name: 'Al' }, 'name', messages.register.nameMin],
    [{ msisdn: '' }, 'msisdn', messages.register.msisdnRequired],
    [{ msisdn: '024-abc' }, 'msisdn', messages.register.msisdnDigits],
    [{ msisdn: '024412' }, 'msisdn', messages.register.msisdnMin],
    [{ msisdn: '0244123456789012' }, 'msisdn', messages.register.msisdnMax],
    [{ password: '', password_confirmation: '' }, 'password', messages.register.passwordRequired],
    [
      { password: 'Ab1!', password_confirmation: 'Ab1!' },
      'password',
      messages.register.passwordMin,
    ],
    [
      { password: 'secret123', password_confirmation: 'secret123' },
      'password',
      messages.register.passwordComplexity,
    ],
    [{ password_confirmation: '' }, 'password_confirmation', messages.register.confirmRequired],
    [
      { password_confirmation: 'Secret@124' },
      'password_confirmation',
      messages.register.confirmMatch,
    ],
    [{ acceptPolicy: false }, 'acceptPolicy', messages.register.acceptPolicy],
  ])('%o → %s: %s', (change, field, message) => {
    expect(fieldErrors(RegisterFormSchema, { ...valid, ...change })[field]?.[0]).toBe(message);
  });
});

describe('booking rules (VAL-4, BOOK-4)', () => {
  const today = todayInAccra();
  const valid = {
    car_id: 1,
    start_date: addDays(today, 1),
    end_date: addDays(today, 3),
    destination: 'Accra',
    destination_type: '1',
    payment_method: 'payOnPickup',
  };
  it('accepts a valid booking and reads the radio value as a number', () => {
    const parsed = CreateBookingInputSchema.parse(valid);
    expect(parsed.destination_type).toBe(1);
  });
  it.each([
    [{ start_date: '' }, 'start_date', messages.booking.startRequired],
    [{ end_date: '' }, 'end_date', messages.booking.endRequired],
    [{ end_date: addDays(today, 0) }, 'end_date', messages.booking.endBeforeStart],
    [{ start_date: addDays(today, -1) }, 'start_date', messages.booking.startInPast],
    [{ end_date: addDays(today, 92) }, 'end_date', messages.booking.tooLong],
    [{ destination: '   ' }, 'destination', messages.booking.destinationRequired],
    [{ destination_type: '' }, 'destination_type', messages.booking.destinationTypeRequired],
    [{ destination_type: '3' }, 'destination_type', messages.booking.destinationTypeRequired],
    [{ payment_method: '' }, 'payment_method', messages.booking.paymentMethodRequired],
    [{ start_date: '2026-02-30' }, 'start_date', 'Enter a valid date (YYYY-MM-DD)'],
  ])('%o → %s: %s', (change, field, message) => {
    expect(fieldErrors(CreateBookingInputSchema, { ...valid, ...change })[field]?.[0]).toBe(
      message,
    );
  });
  it('allows a same-day rental and exactly 90 days', () => {
    expect(
      fieldErrors(CreateBookingInputSchema, { ...valid, start_date: today, end_date: today }),
    ).toEqual({});
    expect(
      fieldErrors(CreateBookingInputSchema, { ...valid, end_date: addDays(valid.start_date, 90) }),
    ).toEqual({});
  });
});

describe('rules written as patterns (so that the OpenAPI document states them)', () => {
  it('takes a Ghana mobile wallet number in the ways people write it, and nothing else', () => {
    for (const number of [
      '0244123456',
      '233244123456',
      '+233 24 412 3456',
      '+233 0244 123 456',
      '(024) 412-3456',
      ' 055.412.3456 ',
    ]) {
      expect(isGhanaMobileNumber(number), number).toBe(true);
    }
    for (const number of [
      '0294123456',
      '0244 12345',
      '+44 7700 900123',
      '(+233) 244123456',
      '++233244123456',
      '0244123456x',
    ]) {
      expect(isGhanaMobileNumber(number), number).toBe(false);
    }
  });

  it('refuses a long hostile value at once (no backtracking)', () => {
    const hostile = ` ${'( -'.repeat(20_000)}x`;
    const started = performance.now();
    fieldErrors(LoginInputSchema, { msisdn: hostile, password: 'secret1' });
    fieldErrors(RegisterFormSchema, { msisdn: hostile });
    isGhanaMobileNumber(hostile);
    fieldErrors(CarFiltersSchema, {
      body_type: `${', '.repeat(149)}x`,
      doors: `${', '.repeat(49)}x`,
    });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
