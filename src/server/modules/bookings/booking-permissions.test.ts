import { describe, expect, test } from 'vitest';
import { messages } from '../../../shared/messages';
import { effectiveStatus, renterChangeRefusal, renterExtendRefusal } from './booking-permissions';
import type { BookingState } from './booking-transitions';

const TODAY = '2026-11-25';
const NOW = Date.parse('2026-11-25T12:00:00Z');
const ctx = { today: TODAY, now: NOW };

describe('effectiveStatus', () => {
  const held = { status: 'pending', paymentStatus: 'pending', holdExpiresAt: new Date(NOW) };

  test('shows a hold whose time ran out as cancelled and failed before any sweep', () => {
    expect(effectiveStatus(held, NOW)).toEqual({ status: 'cancelled', paymentStatus: 'failed' });
    expect(effectiveStatus(held, NOW - 1)).toEqual({ status: 'pending', paymentStatus: 'pending' });
    expect(effectiveStatus({ ...held, paymentStatus: 'paid' }, NOW + 1)).toEqual({
      status: 'pending',
      paymentStatus: 'paid',
    });
  });
});

describe("the renter's change and extension (BOOK-18, BOOK-19)", () => {
  const base: BookingState = {
    kind: 'rental',
    status: 'confirmed',
    paymentStatus: 'paid',
    paymentMethod: 'mobile_money',
    startDate: '2026-11-30',
    endDate: '2026-12-02',
    holdExpiresAt: null,
  };
  const change = (b: Partial<BookingState>) => renterChangeRefusal({ ...base, ...b }, ctx);

  test('a booking not yet picked up may change until its start date, that day included', () => {
    expect(change({})).toBeNull();
    expect(
      change({ status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'payOnPickup' }),
    ).toBeNull();
    expect(change({ startDate: TODAY })).toBeNull();
    expect(change({ startDate: '2026-11-24' })).toBe(messages.booking.cannotChange);
  });

  test('a trip under way, ended or cancelled, or a maintenance block, may not change', () => {
    for (const status of ['active', 'completed', 'cancelled'])
      expect(change({ status })).toBe(messages.booking.cannotChange);
    expect(change({ kind: 'maintenance' })).toBe(messages.booking.cannotChange);
  });

  test('an open mobile money prompt is finished or cancelled first; a lapsed hold is over', () => {
    const hold = { status: 'pending', paymentStatus: 'pending' };
    expect(change({ ...hold, holdExpiresAt: new Date(NOW + 60_000) })).toBe(
      messages.booking.changeWhilePaying,
    );
    expect(change({ ...hold, holdExpiresAt: new Date(NOW - 1) })).toBe(
      messages.booking.cannotChange,
    );
  });

  test('only a trip under way may be extended', () => {
    expect(renterExtendRefusal({ ...base, status: 'active' })).toBeNull();
    for (const status of ['pending', 'confirmed', 'completed', 'cancelled'])
      expect(renterExtendRefusal({ ...base, status })).toBe(messages.booking.cannotExtend);
    expect(renterExtendRefusal({ ...base, kind: 'maintenance', status: 'active' })).toBe(
      messages.booking.cannotExtend,
    );
  });
});
