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
