import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { TaxSettings } from '../../../../shared/schemas/tax.staff';
import { taxMessages } from '../../../../shared/staff-messages';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { percentToBp, TaxesPage } from './taxes-page';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
/** Answers may take a while on a busy two-core machine. */
const slow = { timeout: 5_000 };

const NONE: TaxSettings = { tin: null, lines: [], updated_at: null, updated_by: null };

beforeEach(() => {
  api.mockReset();
});

describe('the Taxes page (STAFF-45)', () => {
  test('with nothing set, says receipts show no tax line', async () => {
    api.mockResolvedValue({ tax_settings: NONE });
    renderWithApp(<TaxesPage />);
    expect(
      await screen.findByText('No taxes yet: receipts show no tax line.', undefined, slow),
    ).toBeTruthy();
    expect(screen.getByText('No taxes: receipts show no tax line and no TIN.')).toBeTruthy();
  });

  test('the owner adds NHIL, GETFund and VAT in percent; they are sent in basis points and previewed', async () => {
    const saved: TaxSettings = {
      tin: 'C0012345678',
      lines: [
        { name: 'NHIL', rate_bp: 250, on_levies: false },
        { name: 'GETFund Levy', rate_bp: 250, on_levies: false },
        { name: 'VAT', rate_bp: 1500, on_levies: true },
      ],
      updated_at: '2026-11-28T10:00:00Z',
      updated_by: 'Kwame Asante',
    };
    api.mockImplementation(async (_path, options) =>
      options?.method === 'PUT' ? { tax_settings: saved } : { tax_settings: NONE },
    );
    renderWithApp(<TaxesPage />);
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('TIN (Taxpayer Identification Number)', undefined, slow),
      'c0012345678',
    );
    for (const [name, rate] of [
      ['NHIL', '2.5'],
      ['GETFund Levy', '2.5'],
      ['VAT', '15'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Add a tax' }));
      const names = screen.getAllByLabelText('Name');
      await user.type(names.at(-1)!, name);
      await user.type(screen.getAllByLabelText('Rate (%)').at(-1)!, rate);
    }
    await user.click(screen.getAllByLabelText('On the value and the taxes above it').at(-1)!);
    // The preview splits GH₵ 1,000 all-in by the rows typed so far, VAT on the levies too.
    const preview = screen.getByRole('table', { name: /How GH₵ 1,000.00 splits/ });
    expect(within(preview).getByText('VAT 15 % on the value and levies')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));
    expect(await screen.findByRole('status', undefined, slow)).toHaveProperty(
      'textContent',
      taxMessages.saved,
    );
    expect(api).toHaveBeenCalledWith('/admin/tax-settings', {
      method: 'PUT',
      body: {
        tin: 'c0012345678',
        lines: [
          { name: 'NHIL', rate_bp: 250, on_levies: false },
          { name: 'GETFund Levy', rate_bp: 250, on_levies: false },
          { name: 'VAT', rate_bp: 1500, on_levies: true },
        ],
      },
    });
    expect(screen.getByLabelText('TIN (Taxpayer Identification Number)')).toHaveProperty(
      'value',
      'C0012345678',
    );
  });

  test('a rate that is no percentage is refused on its field before anything is sent', async () => {
    api.mockResolvedValue({ tax_settings: NONE });
    renderWithApp(<TaxesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a tax' }, slow));
    await user.type(screen.getByLabelText('Name'), 'VAT');
    await user.type(screen.getByLabelText('Rate (%)'), '15.125');
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));
    expect(await screen.findByText(taxMessages.rateInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Rate (%)').getAttribute('aria-invalid')).toBe('true');
    expect(api).toHaveBeenCalledTimes(1);
  });

  test("shows the server's message on the TIN field", async () => {
    api.mockImplementation(async (_path, options) => {
      if (options?.method === 'PUT')
        throw new ApiError(422, 'Please correct the highlighted fields.', {
          tin: [taxMessages.tinInvalid],
        });
      return { tax_settings: NONE };
    });
    renderWithApp(<TaxesPage />);
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('TIN (Taxpayer Identification Number)', undefined, slow),
      'C00123',
    );
    await user.click(screen.getByRole('button', { name: 'Save taxes' }));
    expect(await screen.findByText(taxMessages.tinInvalid, undefined, slow)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
  });

  test('reads percentages as basis points', () => {
    expect(percentToBp('2.5')).toBe(250);
    expect(percentToBp('15 %')).toBe(1500);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['', '0', '100.01', '2,5', '15.125', '-1', 'abc'])
      expect(percentToBp(bad)).toBeNull();
  });
});
