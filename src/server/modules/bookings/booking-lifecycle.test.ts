import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { messages } from '../../../shared/messages';
import { adminMessages } from '../../../shared/staff-messages';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-errors';
import { applyTransition, tryTransition, type BookingRow } from './booking-lifecycle';

/**
 * Applying a transition without a database: a stand-in executor records the update, the
 * event insert and the statements run, and answers the conditional update with a row (the
 * state was as read) or with none (someone changed it meanwhile). The event and the texts'
 * statements are run together, as one (executeTogether): each stand-in builder records itself
 * when it is made part of a statement.
 */
function fakeDb(stillAsRead = true) {
  const calls = {
    updates: [] as Record<string, unknown>[],
    events: [] as Record<string, unknown>[],
    /** Statements run, as SQL text. */
    statements: [] as string[],
  };
  const builder = (text: string, record: () => void) => ({
    getSQL: () => {
      record();
      return sql.raw(text);
    },
  });
  const db = {
    update: () => ({
      set: (values: Record<string, unknown>) => ({
        where: () => ({
          returning: async () => {
            calls.updates.push(values);
            return stillAsRead ? [{ ...row(), ...values }] : [];
          },
          // The reminders a cancel drops (MSG-1).
          ...builder('update sms_outbox', () => undefined),
        }),
      }),
    }),
    insert: () => ({
      values: (values: Record<string, unknown>) =>
        builder('insert into booking_events', () => calls.events.push(values)),
    }),
    // The only read: the car's name, town and branch for the renter's text.
    select: () => ({
      from: () => ({
        innerJoin: () => ({
          where: async () => [
            { make: 'Toyota', model: 'Corolla', city: 'Accra', branch: 'East Legon office' },
          ],
        }),
      }),
    }),
    execute: async (statement: SQL) => {
      calls.statements.push(new PgDialect().sqlToQuery(statement).sql);
    },
  };
  return { db: db as unknown as Executor, calls };
}

function row(overrides: Partial<BookingRow> = {}): BookingRow {
  return {
    id: 7,
    bookingCode: 'CL-ABC234',
    kind: 'rental',
    userId: 3,
    carId: 2,
    startDate: '2026-12-01',
    endDate: '2026-12-03',
    days: 3,
    pricePerDayPesewas: 10_000,
    lineCostPesewas: 30_000,
    depositPesewas: 0,
    totalPesewas: 30_000,
    discountPesewas: 0,
    extrasPesewas: 0,
    lines: [],
    branchId: 1,
    pickupTime: '09:00',
    returnTime: '09:00',
    chauffeur: false,
    childSeat: false,
    deliveryAddress: null,
    destination: 'Accra',
    destinationType: 1,
    paymentMethod: 'mobile_money',
    status: 'pending',
    paymentStatus: 'pending',
    holdExpiresAt: new Date('2026-11-25T12:15:00Z'),
    cancelledAt: null,
    depositState: null,
    note: null,
    createdAt: new Date('2026-11-25T12:00:00Z'),
    updatedAt: new Date('2026-11-25T12:00:00Z'),
    ...overrides,
  };
}

const ctx = { today: '2026-11-25', now: Date.parse('2026-11-25T12:00:00Z') };

describe('applying a transition', () => {
  test("a renter's cancel writes the new state and its event in the same executor", async () => {
    const { db, calls } = fakeDb();
    const updated = await applyTransition(
      db,
      'renter_cancel',
      row(),
      { actor: 'renter', userId: 3 },
      ctx,
    );
    expect(updated.status).toBe('cancelled');
    expect(calls.updates).toHaveLength(1);
    expect(calls.updates[0]).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      holdExpiresAt: null,
    });
    expect(calls.updates[0]).toHaveProperty('cancelledAt');
    expect(calls.events).toEqual([
      expect.objectContaining({ bookingId: 7, type: 'cancelled', actor: 'renter', actorUserId: 3 }),
    ]);
    // The event, the dropped reminders and the renter's text: one statement through the same
    // executor, so they commit with the change.
    expect(calls.statements).toHaveLength(1);
    expect(calls.statements[0]).toMatch(
      /^with s0 as \(insert into booking_events\), s1 as \(update sms_outbox\), s2 as \(\s*insert into sms_outbox .*\) select 1$/s,
    );
  });

  test('a payment keeps its hold time only where the lifecycle says so', async () => {
    const verified = fakeDb();
    await applyTransition(verified.db, 'payment_verified', row(), { actor: 'provider' }, ctx);
    expect(verified.calls.updates[0]).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      holdExpiresAt: null,
      cancelledAt: null,
    });
    const failed = fakeDb();
    await applyTransition(failed.db, 'payment_failed', row(), { actor: 'provider' }, ctx);
    expect(failed.calls.updates[0]).not.toHaveProperty('holdExpiresAt');
    expect(failed.calls.events[0]).toMatchObject({ type: 'payment_failed' });
  });

  test('a refused transition is a 409 with its message, and writes nothing', async () => {
    const { db, calls } = fakeDb();
    const started = row({ status: 'confirmed', paymentStatus: 'unpaid', startDate: '2026-11-25' });
    const refusal = applyTransition(db, 'renter_cancel', started, { actor: 'renter' }, ctx);
    await expect(refusal).rejects.toBeInstanceOf(HttpError);
    await expect(refusal).rejects.toMatchObject({
      statusCode: 409,
      message: messages.booking.cannotCancel,
    });
    const active = row({ status: 'active', paymentStatus: 'paid' });
    await expect(
      applyTransition(db, 'staff_cancel_paid', active, { actor: 'staff' }, ctx),
    ).rejects.toMatchObject({ statusCode: 409, message: adminMessages.cancelActive });
    expect(await tryTransition(db, 'returned', row(), { actor: 'staff' }, ctx)).toBeUndefined();
    expect(calls.updates).toEqual([]);
    expect(calls.events).toEqual([]);
  });

  test('losing the race to another change is a 409 and records no event', async () => {
    const { db, calls } = fakeDb(false);
    const paid = row({ status: 'confirmed', paymentStatus: 'paid', startDate: '2026-11-25' });
    await expect(
      applyTransition(db, 'picked_up', paid, { actor: 'staff', userId: 1 }, ctx),
    ).rejects.toMatchObject({ statusCode: 409, message: adminMessages.changedMeanwhile });
    expect(calls.updates).toHaveLength(1);
    expect(calls.events).toEqual([]);
  });
});
