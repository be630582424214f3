import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { payments } from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { markPartialRefunds } from '../../src/server/modules/payments/change-payments';
import { day, today } from '../support/api';
import { setupPaystackTestApp } from '../support/paystack-app';

// HAND-7: a deposit paid by mobile money goes back through Paystack's refund with an amount.
const { paystack, ctx, client } = await setupPaystackTestApp({ providerTimeoutMs: 300 });
const staff = await client.staff();

/** A one-day booking of a fresh GH₵ 300 car from `start`, paid by mobile money at Paystack. */
async function paidByMobileMoney(start: string) {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
  const { booking, payment } = await renter.book(car.id, start, addDays(start, 1), {
    payment_method: 'mobile_money',
    network: 'mtn',
    wallet_msisdn: '0241234567',
  });
  paystack.settle(payment.reference, 'success');
  const verified = await renter.post(`/api/payments/${payment.reference}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return { booking, payment };
}

describe('returning a mobile money deposit through Paystack (HAND-7)', () => {
  it('asks Paystack for the returned part only (transaction and amount in pesewas)', async () => {
    const { booking, payment } = await paidByMobileMoney(today);

    const act = (path: string, payload: object) =>
      staff.post(`/api/admin/bookings/${booking.booking_code}/${path}`, payload);
    const out = await act('pick-up', {
      odometer_km: 5_000,
      fuel_eighths: 8,
      documents_override: 'Seen at the desk',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().handover.pickup.deposit_method).toBe('mobile_money');

    paystack.refundMode = 'pending';
    const back = await act('return', {
      odometer_km: 5_200,
      fuel_eighths: 4,
      kept_lines: [{ reason: 'fuel', amount: 70 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().handover.return).toMatchObject({ returned: 130, kept: 70 });
    expect(paystack.refunds.at(-1)).toMatchObject({
      transaction: payment.reference,
      amount: 130_00,
    });
    const [partial] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.purpose, 'partial_refund')));
    expect(partial).toMatchObject({ status: 'refund_pending', amountPesewas: 130_00 });
    expect(partial!.refundId).toBe(String(paystack.refunds.at(-1)!.id));
  });

  it('records what no charge still holds as cash to hand back at the counter, flagged for staff', async () => {
    const { booking } = await paidByMobileMoney(day(3));
    // GH₵ 100 more than the GH₵ 500 charge holds: newest charge first, the rest in cash.
    const marked = await ctx.db.transaction((tx) =>
      markPartialRefunds(tx, { id: booking.id, bookingCode: booking.booking_code }, 600_00, {
        userId: staff.user.id,
        actor: 'staff',
      }),
    );
    expect(marked).toMatchObject({ counterPesewas: 100_00 });
    expect(marked.references).toHaveLength(1);
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.purpose, 'partial_refund')))
      .orderBy(payments.id);
    expect(rows.map((r) => [r.provider, r.amountPesewas, r.status, r.flaggedReason])).toEqual([
      ['paystack', 500_00, 'refund_pending', null],
      ['cash', 100_00, 'refund_pending', 'refund_at_counter'],
    ]);
  });
});
