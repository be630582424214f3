import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { CostSummary, type PriceSource } from './cost-summary';

const rows = () =>
  [...screen.getByRole('region', { name: 'Cost Summary' }).querySelectorAll('.cost-line')].map(
    (row) => row.textContent?.replace(/\s+/g, ' '),
  );

const price = (lines: PriceSource['lines']): PriceSource => ({
  lines,
  price_per_day: 450,
  days: 2,
  line_cost: 900,
  deposit: 200,
  total_cost: lines.reduce((sum, line) => sum + line.amount, 0),
});

describe('the Cost Summary (MONEY-4, PRICE-2)', () => {
  test('has no Discount row when nothing is taken off', () => {
    renderWithApp(
      <CostSummary
        price={price([
          { label: 'Car rental (2 days)', amount: 900 },
          { label: 'Security deposit (refundable)', amount: 200 },
        ])}
      />,
    );
    expect(rows()).toEqual([
      'Car rental (2 days)GH₵ 450.00 × 2 daysGH₵ 900.00',
      'Security deposit (refundable)GH₵ 200.00',
      'TotalGH₵ 1,100.00',
    ]);
    expect(screen.queryByText('Discount')).toBeNull();
  });

  test('shows the weekly saving as the Discount, taken off with the minus sign', () => {
    renderWithApp(
      <CostSummary
        price={price([
          { label: 'Car rental (7 days)', amount: 3150 },
          { label: 'Weekly price saving', amount: -350 },
          { label: 'Security deposit (refundable)', amount: 200 },
        ])}
      />,
    );
    expect(rows()[1]).toBe('DiscountWeekly price saving− GH₵ 350.00');
  });
});
