import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { bookingFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { invoiceFromBooking, SAMPLE_INVOICE } from '../invoice-model';
import { InvoiceView } from './invoice-view';

const customer = { name: 'Ama Mensah', msisdn: '233244000001', email: null };
const booking = bookingFixture({
  days: 2,
  price_per_day: 350,
  line_cost: 700,
  total_cost: 900,
  lines: [
    { label: 'Car rental (2 days)', amount: 700 },
    { label: 'Security deposit (refundable)', amount: 200 },
  ],
});
const totals = () =>
  [...document.querySelectorAll('.invoice-totals > div')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );

describe('the invoice page (PAGE-11, PAGE-25)', () => {
  test('the sample keeps its VAT 20% column, marked as a sample', () => {
    renderWithApp(<InvoiceView invoice={SAMPLE_INVOICE} sample />);
    expect(screen.getByRole('columnheader', { name: 'VAT 20%' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sample invoice' })).toBeTruthy();
  });

  test("a booking's invoice with no tax set has no VAT column, no tax line and no TIN", () => {
    renderWithApp(<InvoiceView invoice={invoiceFromBooking(booking, customer)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /VAT/ })).toBeNull();
    expect(screen.queryByText(/TIN|VAT|Taxable/)).toBeNull();
    expect(totals()).toEqual([['Total', 'GH₵ 900.00']]);
  });

  test("a booking's invoice lists the receipt's taxes and the supplier's TIN", () => {
    const invoice = invoiceFromBooking(booking, customer, {
      supplier: 'CarLink Ghana',
      tin: 'C0012345678',
      rental: 700,
      charges: 0,
      total: 700,
      taxable_value: 583.34,
      taxes: [
        { name: 'NHIL', rate_bp: 250, on_levies: false, amount: 14.58 },
        { name: 'GETFund Levy', rate_bp: 250, on_levies: false, amount: 14.58 },
        { name: 'VAT', rate_bp: 1500, on_levies: false, amount: 87.5 },
      ],
    });
    renderWithApp(<InvoiceView invoice={invoice} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeTruthy();
    const supplier = screen.getByRole('region', { name: 'Supplier' });
    expect(within(supplier).getByText('TIN C0012345678')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /VAT/ })).toBeNull();
    expect(totals()).toEqual([
      ['Taxable value', 'GH₵ 583.34'],
      ['NHIL 2.5 %', 'GH₵ 14.58'],
      ['GETFund Levy 2.5 %', 'GH₵ 14.58'],
      ['VAT 15 %', 'GH₵ 87.50'],
      ['Security deposit (refundable, no tax)', 'GH₵ 200.00'],
      ['Total', 'GH₵ 900.00'],
    ]);
  });
});
