import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceDuePesewas, rentalBalancePesewas, settleAtReturn, type KeptLine } from './handover';

const fuel = (amountPesewas: number): KeptLine => ({ reason: 'fuel', amountPesewas, note: null });
const settle = (deposit: number, lateFee: number, lines: KeptLine[], balance = 0) =>
  settleAtReturn({
    depositPesewas: deposit,
    lateFeePesewas: lateFee,
    staffLines: lines,
    balancePesewas: balance,
  });

// HAND-7, HAND-11: the money of a return.
describe('settleAtReturn (HAND-7, HAND-11)', () => {
  it('returns the whole deposit when nothing is charged', () => {
    expect(settle(200_00, 0, [])).toEqual({
      charges: [],
      chargesPesewas: 0,
      depositPesewas: 200_00,
      keptPesewas: 0,
      returnedPesewas: 200_00,
      collectedPesewas: 0,
      lateFeeCollectedPesewas: 0,
      state: 'returned',
    });
  });

  it('covers the late fee first, then staff lines, and returns the rest', () => {
    const s = settle(200_00, 50_00, [fuel(30_00)]);
    expect(s.charges.map((l) => [l.reason, l.fromDepositPesewas, l.collectedPesewas])).toEqual([
      ['late_fee', 50_00, 0],
      ['fuel', 30_00, 0],
    ]);
    expect(s).toMatchObject({ keptPesewas: 80_00, returnedPesewas: 120_00, state: 'partly_kept' });
  });

  it('collects a late fee beyond the deposit and a fuel line on top of it (no 422 any more)', () => {
    const s = settle(200_00, 350_00, [fuel(50_00)]);
    expect(s.charges.map((l) => [l.reason, l.fromDepositPesewas, l.collectedPesewas])).toEqual([
      ['late_fee', 200_00, 150_00],
      ['fuel', 0, 50_00],
    ]);
    expect(s).toMatchObject({
      chargesPesewas: 400_00,
      keptPesewas: 200_00,
      returnedPesewas: 0,
      collectedPesewas: 200_00,
      lateFeeCollectedPesewas: 150_00,
      state: 'kept',
    });
  });

  it('covers the rental balance last and collects what the deposit does not cover', () => {
    const s = settle(200_00, 0, [], 700_00);
    expect(s.charges).toEqual([
      {
        reason: 'rental_balance',
        amountPesewas: 700_00,
        note: null,
        fromDepositPesewas: 200_00,
        collectedPesewas: 500_00,
      },
    ]);
    expect(s).toMatchObject({ collectedPesewas: 500_00, lateFeeCollectedPesewas: 0 });
  });

  it('always: deposit applied + returned = deposit; charges = applied + collected', () => {
    const amount = fc.integer({ min: 1, max: 5_000_00 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_00 }),
        fc.integer({ min: 0, max: 5_000_00 }),
        fc.array(amount, { maxLength: 10 }),
        fc.integer({ min: 0, max: 5_000_00 }),
        (deposit, lateFee, lines, balance) => {
          const s = settle(deposit, lateFee, lines.map(fuel), balance);
          expect(s.keptPesewas + s.returnedPesewas).toBe(deposit);
          expect(s.keptPesewas + s.collectedPesewas).toBe(s.chargesPesewas);
          expect(s.chargesPesewas).toBe(lateFee + balance + lines.reduce((t, a) => t + a, 0));
          expect(s.keptPesewas).toBe(Math.min(deposit, s.chargesPesewas));
          expect(s.returnedPesewas).toBeGreaterThanOrEqual(0);
          expect(s.lateFeeCollectedPesewas).toBeLessThanOrEqual(s.collectedPesewas);
          for (const c of s.charges)
            expect(c.fromDepositPesewas + c.collectedPesewas).toBe(c.amountPesewas);
        },
      ),
    );
  });
});

// HAND-10: what a booking still owes for the rental.
describe('rentalBalancePesewas (HAND-10)', () => {
  const paid = (amountPesewas: number, purpose = 'booking', status = 'success') => ({
    purpose,
    status,
    amountPesewas,
  });

  it('is what the total grew by since it was paid (an extension), 0 when paid in full', () => {
    expect(rentalBalancePesewas({ totalPesewas: 1_600_00 }, [paid(900_00)])).toBe(700_00);
    expect(rentalBalancePesewas({ totalPesewas: 900_00 }, [paid(900_00)])).toBe(0);
  });

  it('counts approved top-ups, less partial refunds; ignores failed attempts', () => {
    const rows = [
      paid(900_00),
      paid(300_00, 'top_up', 'failed'),
      paid(300_00, 'top_up'),
      paid(100_00, 'partial_refund', 'refunded'),
      paid(50_00, 'booking', 'failed'),
    ];
    expect(rentalBalancePesewas({ totalPesewas: 1_200_00 }, rows)).toBe(100_00);
  });

  it('is never below 0, and shown only for a paid booking whose car is not back', () => {
    expect(rentalBalancePesewas({ totalPesewas: 700_00 }, [paid(900_00)])).toBe(0);
    const booking = { totalPesewas: 1_600_00, paymentStatus: 'paid' };
    expect(balanceDuePesewas({ ...booking, status: 'active' }, [paid(900_00)])).toBe(700_00);
    expect(balanceDuePesewas({ ...booking, status: 'completed' }, [paid(900_00)])).toBe(0);
    expect(
      balanceDuePesewas({ ...booking, status: 'confirmed', paymentStatus: 'unpaid' }, []),
    ).toBe(0);
  });
});
