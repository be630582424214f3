import { describe, expect, it } from 'vitest';
import { paidAsAsked } from './paid-amount';

const attempt = { amountPesewas: 800_00, currency: 'GHS' };
const news = (over: Partial<Parameters<typeof paidAsAsked>[1]>) => ({
  requestedPesewas: 800_00,
  chargedPesewas: 800_00,
  feesPesewas: 15_60,
  currency: 'GHS',
  ...over,
});

describe('paidAsAsked (PAY-15, PAY-22)', () => {
  it('requested_amount is what counts; passed-on fees in amount are no mismatch', () => {
    expect(paidAsAsked(attempt, news({}))).toBe(true);
    expect(paidAsAsked(attempt, news({ chargedPesewas: 815_60 }))).toBe(true);
    expect(paidAsAsked(attempt, news({ requestedPesewas: 700_00, chargedPesewas: 715_60 }))).toBe(
      false,
    );
  });

  it('without requested_amount: amount alone, or amount less the fees, is what was asked', () => {
    expect(paidAsAsked(attempt, news({ requestedPesewas: null }))).toBe(true);
    expect(paidAsAsked(attempt, news({ requestedPesewas: null, chargedPesewas: 815_60 }))).toBe(
      true,
    );
    expect(paidAsAsked(attempt, news({ requestedPesewas: null, chargedPesewas: 815_61 }))).toBe(
      false,
    );
    expect(
      paidAsAsked(
        attempt,
        news({ requestedPesewas: null, chargedPesewas: 815_60, feesPesewas: null }),
      ),
    ).toBe(false);
  });

  it('less money than asked for, or another currency, never matches', () => {
    expect(paidAsAsked(attempt, news({ chargedPesewas: 799_99 }))).toBe(false);
    expect(paidAsAsked(attempt, news({ currency: 'NGN' }))).toBe(false);
  });
});
