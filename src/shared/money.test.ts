import { describe, expect, it } from 'vitest';
import {
  cedisToPesewas,
  formatCedis,
  formatCedisWhole,
  formatDeduction,
  formatPricePerDay,
} from './money';

describe('price formats (MONEY-5)', () => {
  it("shows 'GH₵ 1,234/Day' with thousands separators and decimals dropped", () => {
    expect(formatPricePerDay(1234)).toBe('GH₵ 1,234/Day');
    expect(formatPricePerDay(350)).toBe('GH₵ 350/Day');
    expect(formatPricePerDay(3500.99)).toBe('GH₵ 3,500/Day');
    expect(formatPricePerDay(1_234_567)).toBe('GH₵ 1,234,567/Day');
  });
  it('shows an old price as GH₵ and the number', () => {
    expect(formatCedisWhole(4200)).toBe('GH₵ 4,200');
  });
  it('shows cost lines with two decimals', () => {
    expect(formatCedis(200)).toBe('GH₵ 200.00');
    expect(formatCedis(1350.5)).toBe('GH₵ 1,350.50');
  });
  it('converts cedis to whole pesewas without float drift', () => {
    expect(cedisToPesewas(19.99)).toBe(1999);
    expect(cedisToPesewas(0.1 + 0.2)).toBe(30);
  });
});

describe('amounts taken off (MONEY-5)', () => {
  it('are written one way: the minus sign, a space, the amount', () => {
    expect(formatDeduction(350)).toBe('− GH₵ 350.00');
    expect(formatDeduction(-350)).toBe('− GH₵ 350.00');
  });

  it('a negative cost line reads the same, never a hyphen after the currency', () => {
    expect(formatCedis(-350)).toBe('− GH₵ 350.00');
    expect(formatCedis(-0.5)).toBe('− GH₵ 0.50');
  });
});
