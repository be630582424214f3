import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { COMPANY_NAME } from '../../shared/constants';
import type { HandoverReceipt as Receipt } from '../../shared/schemas/handover';
import { EAST_LEGON } from '../testing/fixtures';
import { renderWithApp } from '../testing/render';
import { HandoverReceipt } from './handover-receipt';

const receipt: Receipt = {
  booking_code: 'CL-7K3Q9M',
  car: '2021 Toyota Corolla',
  renter_name: 'Ama Mensah',
  branch: EAST_LEGON,
  start_date: '2026-12-20',
  end_date: '2026-12-23',
  pickup_time: '10:00',
  return_time: '10:00',
  price_per_day: 450,
  deposit: 200,
  deposit_state: null,
  pickup: null,
  return: null,
  tax: null,
};

describe('the printable handover receipt (HAND-9)', () => {
  test('names the company and the booking’s branch, and has lines for both signatures', () => {
    renderWithApp(<HandoverReceipt receipt={receipt} printable />);
    expect(screen.getByText(COMPANY_NAME)).toBeTruthy();
    const branch = screen.getByText(EAST_LEGON.name).closest('address')!;
    expect(branch.textContent).toContain(EAST_LEGON.address);
    expect(branch.textContent).toContain('+233 30 290 0100');
    const signatures = screen.getByRole('region', { name: 'Signatures' });
    expect(within(signatures).getByText(/^Customer/)).toBeTruthy();
    expect(within(signatures).getByText(/^Staff/)).toBeTruthy();
  });

  test('the renter’s booking view shows the facts alone, with nothing to sign', () => {
    renderWithApp(<HandoverReceipt receipt={receipt} />);
    expect(screen.getByRole('heading', { name: 'Pickup' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Signatures' })).toBeNull();
    expect(screen.queryByText(EAST_LEGON.address)).toBeNull();
  });
});

describe('the receipt as a tax invoice (HAND-15, HAND-16)', () => {
  const tax: NonNullable<Receipt['tax']> = {
    supplier: COMPANY_NAME,
    tin: 'C0012345678',
    rental: 700,
    charges: 50,
    total: 750,
    taxable_value: 624.99,
    taxes: [
      { name: 'NHIL', rate_bp: 250, on_levies: false, amount: 15.63 },
      { name: 'GETFund Levy', rate_bp: 250, on_levies: false, amount: 15.63 },
      { name: 'VAT', rate_bp: 1500, on_levies: false, amount: 93.75 },
    ],
  };

  test('names the supplier and its TIN, and splits the all-in total into the value and each tax', () => {
    renderWithApp(<HandoverReceipt receipt={{ ...receipt, tax }} printable />);
    const section = screen.getByRole('region', { name: 'Tax invoice' });
    expect(within(section).getByText(/TIN/).textContent).toContain('C0012345678');
    const rows = [...section.querySelectorAll('tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Rental (the deposit apart)', 'GH₵ 700.00'],
      ['Charges at the return', 'GH₵ 50.00'],
      ['Total (taxes included)', 'GH₵ 750.00'],
      ['Taxable value', 'GH₵ 624.99'],
      ['NHIL 2.5 %', 'GH₵ 15.63'],
      ['GETFund Levy 2.5 %', 'GH₵ 15.63'],
      ['VAT 15 %', 'GH₵ 93.75'],
    ]);
    expect(section.textContent).toContain('the refundable deposit carries none');
  });

  test('with no tax set, has no tax line and no TIN', () => {
    renderWithApp(<HandoverReceipt receipt={receipt} printable />);
    expect(screen.queryByRole('region', { name: 'Tax invoice' })).toBeNull();
    expect(screen.queryByText(/TIN/)).toBeNull();
    expect(screen.queryByText(/VAT|NHIL|Taxable/)).toBeNull();
  });
});
