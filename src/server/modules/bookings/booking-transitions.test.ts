import { describe, expect, test } from 'vitest';
import { messages } from '../../../shared/messages';
import { adminMessages } from '../../../shared/staff-messages';
import type { BookingEventActor } from './booking-events';
import { renterCancelRefusal, renterMayCancel, staffActionRefusal } from './booking-permissions';
import {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  TRANSITIONS,
  TRANSITION_NAMES,
  nextState,
  transitionRefusal,
  type BookingState,
  type TransitionName,
} from './booking-transitions';

const TODAY = '2026-11-25';
const NOW = Date.parse('2026-11-25T12:00:00Z');
const ctx = { today: TODAY, now: NOW };
const ACTORS: BookingEventActor[] = ['renter', 'staff', 'system', 'provider'];
const notNow = 'This booking cannot make that change in its current state.';

/**
 * The lifecycle written out by hand, independently of the table: who may make each change,
 * from which "status/payment_status" states, what it leaves, and the 409 message for a booking
 * in a state it does not start from (by status first, then by payment status).
 */
interface Expected {
  kind: 'rental' | 'maintenance';
  actors: BookingEventActor[];
  from: string[];
  to: (paymentStatus: string) => string;
  wrongStatus: (status: string) => string;
  wrongPayment: string;
}
const staffCancelStatus = (s: string) =>
  s === 'active' ? adminMessages.cancelActive : adminMessages.cancelWrongStatus;
const payers: BookingEventActor[] = ['renter', 'provider', 'system'];
const every = (statuses: string[], payments: readonly string[] = PAYMENT_STATUSES) =>
  statuses.flatMap((s) => payments.map((p) => `${s}/${p}`));

const EXPECTED: Record<
  Exclude<TransitionName, `created_${string}` | 'maintenance_blocked'>,
  Expected
> = {
  payment_verified: {
    kind: 'rental',
    actors: payers,
    from: ['pending/pending'],
    to: () => 'confirmed/paid',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  payment_verified_after_release: {
    kind: 'rental',
    actors: payers,
    from: ['cancelled/failed'],
    to: () => 'confirmed/paid',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  payment_failed: {
    kind: 'rental',
    actors: payers,
    from: ['pending/pending'],
    to: () => 'cancelled/failed',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  hold_expired: {
    kind: 'rental',
    actors: payers,
    from: ['pending/pending'],
    to: () => 'cancelled/failed',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  cash_recorded: {
    kind: 'rental',
    actors: ['staff'],
    from: ['pending/unpaid'],
    to: () => 'confirmed/paid',
    wrongStatus: () => adminMessages.cashWrongStatus,
    wrongPayment: adminMessages.cashNotDue,
  },
  paid_online: {
    kind: 'rental',
    actors: payers,
    from: ['pending/unpaid'],
    to: () => 'confirmed/paid',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  picked_up: {
    kind: 'rental',
    actors: ['staff'],
    from: ['pending/paid', 'confirmed/paid'],
    to: (p) => `active/${p}`,
    wrongStatus: () => adminMessages.pickUpWrongStatus,
    wrongPayment: adminMessages.pickUpUnpaid,
  },
  returned: {
    kind: 'rental',
    actors: ['staff'],
    from: every(['active']),
    to: (p) => `completed/${p}`,
    wrongStatus: () => adminMessages.returnWrongStatus,
    wrongPayment: adminMessages.returnWrongStatus,
  },
  staff_cancel: {
    kind: 'rental',
    actors: ['staff'],
    from: every(['pending', 'confirmed'], ['unpaid', 'pending', 'failed', 'refunded']),
    to: (p) => `cancelled/${p === 'pending' ? 'failed' : p}`,
    wrongStatus: staffCancelStatus,
    wrongPayment: adminMessages.changedMeanwhile,
  },
  staff_cancel_paid: {
    kind: 'rental',
    actors: ['staff'],
    from: ['pending/paid', 'confirmed/paid'],
    to: () => 'cancelled/paid',
    wrongStatus: staffCancelStatus,
    wrongPayment: adminMessages.changedMeanwhile,
  },
  renter_cancel: {
    kind: 'rental',
    actors: ['renter'],
    from: ['pending/unpaid', 'pending/pending', 'confirmed/unpaid', 'confirmed/pending'],
    to: (p) => `cancelled/${p === 'pending' ? 'failed' : p}`,
    wrongStatus: () => messages.booking.cannotCancel,
    wrongPayment: messages.booking.cannotCancel,
  },
  renter_cancel_paid: {
    kind: 'rental',
    actors: ['renter'],
    from: ['pending/paid', 'confirmed/paid'],
    to: () => 'cancelled/paid',
    wrongStatus: () => messages.booking.cannotCancel,
    wrongPayment: messages.booking.cannotCancel,
  },
  refund_completed: {
    kind: 'rental',
    actors: ['system', 'provider', 'staff'],
    from: ['cancelled/paid'],
    to: () => 'cancelled/refunded',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  no_show: {
    kind: 'rental',
    actors: ['system'],
    from: ['pending/unpaid'],
    to: () => 'cancelled/unpaid',
    wrongStatus: () => notNow,
    wrongPayment: notNow,
  },
  maintenance_removed: {
    kind: 'maintenance',
    actors: ['staff'],
    from: every(['confirmed']),
    to: (p) => `cancelled/${p}`,
    wrongStatus: () => adminMessages.blockAlreadyRemoved,
    wrongPayment: adminMessages.blockAlreadyRemoved,
  },
};

/** A booking that passes every date, clock and method check, so only the state decides. */
function booking(kind: string, status: string, paymentStatus: string, name: TransitionName) {
  const startsToday = name === 'picked_up' || name === 'no_show';
  return {
    kind,
    status,
    paymentStatus,
    paymentMethod:
      name === 'cash_recorded' || name === 'no_show' || name === 'paid_online'
        ? 'payOnPickup'
        : 'mobile_money',
    startDate: startsToday ? TODAY : '2026-12-01',
    endDate: startsToday ? '2026-11-28' : '2026-12-03',
    holdExpiresAt: new Date(NOW - 60_000),
  } satisfies BookingState;
}

const matrix = Object.entries(EXPECTED).flatMap(([name, spec]) =>
  (['rental', 'maintenance'] as const).flatMap((kind) =>
    BOOKING_STATUSES.flatMap((status) =>
      PAYMENT_STATUSES.flatMap((paymentStatus) =>
        ACTORS.map((actor) => ({
          name: name as keyof typeof EXPECTED,
          spec,
          kind,
          status,
          paymentStatus,
          actor,
        })),
      ),
    ),
  ),
);

describe('the booking lifecycle table', () => {
  test('covers every transition the lifecycle has (and this test states each by hand)', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(
      TRANSITION_NAMES.filter(
        (n) => !n.startsWith('created_') && n !== 'maintenance_blocked',
      ).sort(),
    );
  });

  test('allows each transition exactly from its states, by its actors, on its kind of row', () => {
    let allowed = 0;
    for (const { name, spec, kind, status, paymentStatus, actor } of matrix) {
      const b = booking(kind, status, paymentStatus, name);
      const refusal = transitionRefusal(name, b, actor, ctx);
      const state = `${status}/${paymentStatus}`;
      const where = `${name} from ${kind} ${state} by ${actor}`;
      if (kind !== spec.kind || !spec.actors.includes(actor)) {
        expect(refusal, where).toBe(TRANSITIONS[name].refused);
      } else if (spec.from.includes(state)) {
        expect(refusal, where).toBeNull();
        const next = nextState(name, b);
        expect(`${next.status}/${next.paymentStatus}`, where).toBe(spec.to(paymentStatus));
        allowed++;
      } else if (!spec.from.some((s) => s.startsWith(`${status}/`))) {
        expect(refusal, where).toBe(spec.wrongStatus(status));
      } else {
        expect(refusal, where).toBe(spec.wrongPayment);
      }
    }
    // Not vacuous: a good share of the matrix is allowed.
    expect(allowed).toBeGreaterThan(40);
  });

  test('creations start rentals and blocks in their first state and cannot move a row', () => {
    expect(nextState('created_pay_on_pickup', null)).toEqual({
      status: 'pending',
      paymentStatus: 'unpaid',
    });
    expect(nextState('created_mobile_money', null)).toEqual({
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect(nextState('maintenance_blocked', null)).toEqual({
      status: 'confirmed',
      paymentStatus: 'unpaid',
    });
    for (const name of ['created_pay_on_pickup', 'created_mobile_money'] as const) {
      expect(
        transitionRefusal(name, booking('rental', 'pending', 'unpaid', name), 'renter', ctx),
      ).toBe(notNow);
    }
  });

  test('each transition records its event and names the message it will send', () => {
    const summary = Object.fromEntries(
      TRANSITION_NAMES.map((n) => [n, `${TRANSITIONS[n].event} ${TRANSITIONS[n].message}`]),
    );
    expect(summary).toEqual({
      created_pay_on_pickup: 'created booking_received',
      created_mobile_money: 'created null',
      payment_verified: 'paid booking_confirmed',
      payment_verified_after_release: 'paid booking_confirmed',
      payment_failed: 'payment_failed payment_failed',
      hold_expired: 'hold_expired hold_expired',
      cash_recorded: 'cash_recorded payment_received',
      paid_online: 'paid booking_confirmed',
      picked_up: 'picked_up null',
      returned: 'returned booking_completed',
      staff_cancel: 'cancelled booking_cancelled',
      staff_cancel_paid: 'cancelled booking_cancelled',
      renter_cancel: 'cancelled booking_cancelled',
      renter_cancel_paid: 'cancelled booking_cancelled',
      refund_completed: 'refunded refund_completed',
      maintenance_blocked: 'maintenance_blocked null',
      maintenance_removed: 'maintenance_removed null',
      no_show: 'no_show no_show',
    });
  });
});

describe('a no-show (LIMIT-15)', () => {
  const base = { ...booking('rental', 'pending', 'unpaid', 'no_show'), pickupTime: '09:00' };
  const at = (iso: string) => ({ today: iso.slice(0, 10), now: Date.parse(iso) });

  test('is 3 hours after the pickup time, Accra time, and not a minute before', () => {
    expect(transitionRefusal('no_show', base, 'system', at('2026-11-25T11:59:00Z'))).toBe(notNow);
    expect(transitionRefusal('no_show', base, 'system', at('2026-11-25T12:00:00Z'))).toBeNull();
  });

  test('crosses Accra midnight: a 22:30 pickup is a no-show at 01:30 the next day', () => {
    const late = { ...base, pickupTime: '22:30' };
    expect(transitionRefusal('no_show', late, 'system', at('2026-11-26T01:29:00Z'))).toBe(notNow);
    expect(transitionRefusal('no_show', late, 'system', at('2026-11-26T01:30:00Z'))).toBeNull();
  });

  test('a booking made or changed after its pickup time has 3 hours from then', () => {
    // Booked at 15:10 for today with the 09:00 default: not cancelled minutes after booking.
    const sameDay = { ...base, updatedAt: new Date('2026-11-25T15:10:00Z') };
    expect(transitionRefusal('no_show', sameDay, 'system', at('2026-11-25T18:09:00Z'))).toBe(
      notNow,
    );
    expect(transitionRefusal('no_show', sameDay, 'system', at('2026-11-25T18:10:00Z'))).toBeNull();
    // Made well before its pickup: the pickup time alone counts, as above.
    const early = { ...base, updatedAt: new Date('2026-11-20T10:00:00Z') };
    expect(transitionRefusal('no_show', early, 'system', at('2026-11-25T12:00:00Z'))).toBeNull();
  });

  test('only for pay on pickup, never by a person', () => {
    const momo = { ...base, paymentMethod: 'mobile_money' };
    expect(transitionRefusal('no_show', momo, 'system', ctx)).toBe(notNow);
    expect(transitionRefusal('no_show', base, 'staff', ctx)).toBe(notNow);
  });
});

describe('the checks beyond the state', () => {
  const base = booking('rental', 'pending', 'unpaid', 'renter_cancel');

  test('a renter cancels only before the start date in Accra', () => {
    const tomorrow = { ...base, startDate: '2026-11-26' };
    expect(transitionRefusal('renter_cancel', tomorrow, 'renter', ctx)).toBeNull();
    for (const startDate of ['2026-11-25', '2026-11-20']) {
      expect(transitionRefusal('renter_cancel', { ...base, startDate }, 'renter', ctx)).toBe(
        messages.booking.cannotCancel,
      );
      expect(
        transitionRefusal(
          'renter_cancel_paid',
          { ...base, paymentStatus: 'paid', startDate },
          'renter',
          ctx,
        ),
      ).toBe(messages.booking.cannotCancel);
    }
    expect(renterMayCancel({ ...base, paymentStatus: 'paid' }, TODAY)).toBe(true);
    expect(renterMayCancel({ ...base, paymentStatus: 'failed' }, TODAY)).toBe(false);
    expect(renterMayCancel({ ...base, startDate: TODAY }, TODAY)).toBe(false);
  });

  test('a renter cannot cancel a booking paid in cash; staff cancel it at the branch (BOOK-8, PAY-9)', () => {
    const cash = {
      ...base,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'payOnPickup',
    };
    expect(renterCancelRefusal(cash, TODAY)).toBe(messages.booking.paidInCash);
    expect(renterMayCancel(cash, TODAY)).toBe(false);
    // Whatever the date: at the branch staff cancel it on any day.
    expect(renterCancelRefusal({ ...cash, startDate: TODAY }, TODAY)).toBe(
      messages.booking.paidInCash,
    );
    // Not yet paid, or paid by mobile money: the renter still cancels online.
    expect(renterCancelRefusal({ ...cash, paymentStatus: 'unpaid' }, TODAY)).toBeNull();
    expect(renterCancelRefusal({ ...cash, paymentMethod: 'mobile_money' }, TODAY)).toBeNull();
    // Once the trip is under way or over, the usual refusal.
    expect(renterCancelRefusal({ ...cash, status: 'active' }, TODAY)).toBe(
      messages.booking.cannotCancel,
    );
    expect(staffActionRefusal('cancel', cash, TODAY)).toBeNull();
  });

  test('a hold expires only once its time has run out', () => {
    const held = { ...base, paymentStatus: 'pending' };
    const at = (ms: number) => ({ ...held, holdExpiresAt: new Date(ms) });
    expect(transitionRefusal('hold_expired', at(NOW), 'system', ctx)).toBeNull();
    expect(transitionRefusal('hold_expired', at(NOW + 1), 'system', ctx)).toBe(notNow);
    expect(transitionRefusal('hold_expired', { ...held, holdExpiresAt: null }, 'system', ctx)).toBe(
      notNow,
    );
  });

  test('a late payment revives only a booking released by the clock or a decline', () => {
    const released = { ...base, status: 'cancelled', paymentStatus: 'failed' };
    expect(
      transitionRefusal('payment_verified_after_release', released, 'provider', ctx),
    ).toBeNull();
    expect(
      transitionRefusal(
        'payment_verified_after_release',
        { ...released, holdExpiresAt: null },
        'provider',
        ctx,
      ),
    ).toBe(notNow);
    expect(TRANSITIONS.payment_verified_after_release.needsFreeDates).toBe(true);
  });

  test('staff record cash only for pay on pickup, checked before the state', () => {
    const b = {
      ...base,
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'mobile_money',
    };
    expect(staffActionRefusal('record_cash', b, TODAY)).toBe(adminMessages.cashNotPayOnPickup);
    expect(
      staffActionRefusal('record_cash', { ...base, paymentMethod: 'payOnPickup' }, TODAY),
    ).toBe(null);
  });

  test('staff hand a car over only from its start date to its end date', () => {
    const paid = { ...base, status: 'confirmed', paymentStatus: 'paid' };
    const on = (today: string) =>
      staffActionRefusal(
        'pick_up',
        { ...paid, startDate: '2026-11-25', endDate: '2026-11-27' },
        today,
      );
    expect(on('2026-11-24')).toBe(adminMessages.pickUpTooEarly);
    expect(on('2026-11-25')).toBeNull();
    expect(on('2026-11-27')).toBeNull();
    expect(on('2026-11-28')).toBe(adminMessages.pickUpTooLate);
  });

  test('staff cancel paid and unpaid bookings through their own transitions', () => {
    expect(staffActionRefusal('cancel', { ...base, paymentStatus: 'paid' }, TODAY)).toBeNull();
    expect(staffActionRefusal('cancel', base, TODAY)).toBeNull();
    expect(staffActionRefusal('cancel', { ...base, status: 'active' }, TODAY)).toBe(
      adminMessages.cancelActive,
    );
    expect(staffActionRefusal('cancel', { ...base, status: 'completed' }, TODAY)).toBe(
      adminMessages.cancelWrongStatus,
    );
  });
});
