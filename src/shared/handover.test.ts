import { describe, expect, it } from 'vitest';
import { settleDeposit } from './handover';

// HAND-7: the deposit's settlement.
describe('settleDeposit (HAND-7)', () => {
  it('returns the whole deposit when nothing is kept', () => {
    expect(settleDeposit(200_00, 0, [])).toEqual({
      keptLines: [],
      keptPesewas: 0,
      returnedPesewas: 200_00,
      counterPesewas: 0,
      state: 'returned',
      overDeposit: false,
    });
  });

  it('keeps the late fee first, then staff lines, and returns the rest', () => {
    const s = settleDeposit(200_00, 50_00, [{ reason: 'fuel', amountPesewas: 30_00, note: null }]);
    expect(s.keptLines.map((l) => [l.reason, l.amountPesewas])).toEqual([
      ['late_fee', 50_00],
      ['fuel', 30_00],
    ]);
    expect(s).toMatchObject({ keptPesewas: 80_00, returnedPesewas: 120_00, state: 'partly_kept' });
  });

  it('keeps the whole deposit when the late fee exceeds it; the excess is due at the counter', () => {
    expect(settleDeposit(200_00, 300_00, [])).toMatchObject({
      keptPesewas: 200_00,
      returnedPesewas: 0,
      counterPesewas: 100_00,
      state: 'kept',
      overDeposit: false,
    });
  });

  it('says when staff lines would keep more than the deposit', () => {
    const s = settleDeposit(200_00, 150_00, [
      { reason: 'damage', amountPesewas: 60_00, note: 'x' },
    ]);
    expect(s.overDeposit).toBe(true);
    expect(s.keptPesewas).toBe(200_00);
    expect(
      settleDeposit(200_00, 0, [{ reason: 'damage', amountPesewas: 200_00, note: null }]),
    ).toMatchObject({ overDeposit: false, state: 'kept' });
  });
});
