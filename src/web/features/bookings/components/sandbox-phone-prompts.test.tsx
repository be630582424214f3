import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { SandboxPhonePrompt } from '../../../../shared/schemas/payments';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { SandboxPhonePrompts } from './sandbox-phone-prompts';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
// Braces: a function returned from beforeEach is run as its cleanup.
beforeEach(() => {
  api.mockReset();
});

const prompt = (over: Partial<SandboxPhonePrompt> = {}): SandboxPhonePrompt => ({
  reference: 'CL-FG4SG4-A2JZFZSE8M',
  merchant: 'CarLink Ghana',
  purpose: 'booking',
  amount: 2100,
  currency: 'GHS',
  network: 'mtn',
  wallet_msisdn: '233244555124',
  status: 'pending',
  step: 'pay_offline',
  booking_code: 'CL-FG4SG4',
  expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  created_at: new Date().toISOString(),
  ...over,
});

describe('the mobile money prompts on the sandbox phone (RUN-13)', { timeout: 20_000 }, () => {
  test("shows the wallet's open prompt with who asks, how much and for which booking; Approve pays it", async () => {
    const user = userEvent.setup();
    let open = [prompt()];
    api.mockImplementation(async (path, options) => {
      if (path === '/sandbox/prompts') return { prompts: open };
      if (path === '/sandbox/prompts/CL-FG4SG4-A2JZFZSE8M' && options?.method === 'POST') {
        open = [];
        return { prompt: prompt({ status: 'success' }) };
      }
      throw new Error(`unexpected request ${String(path)}`);
    });
    renderWithApp(<SandboxPhonePrompts wallet="0244555124" />);
    const card = await screen.findByRole('article', { name: 'Approve payment?' });
    expect(api.mock.calls[0]?.[1]?.query).toEqual({ wallet: '0244555124' });
    expect(within(card).getByText('MTN MoMo')).toBeTruthy();
    expect(within(card).getByText('CarLink Ghana')).toBeTruthy();
    expect(within(card).getByText('GH₵ 2,100.00')).toBeTruthy();
    expect(within(card).getByText('CL-FG4SG4')).toBeTruthy();
    expect(within(card).getByText(/^Expires in \d+:\d\d$/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const sent = await screen.findByRole('article', { name: 'Payment sent' });
    expect(within(sent).getByRole('status').textContent).toBe(
      'You paid GH₵ 2,100.00 to CarLink Ghana.',
    );
    const post = api.mock.calls.find(([, options]) => options?.method === 'POST');
    expect(post?.[1]?.body).toEqual({ decision: 'approve' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  test('a prompt withdrawn meanwhile is said so, not paid', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path, options) => {
      if (options?.method === 'POST')
        throw new ApiError(409, 'This payment request is no longer open.');
      return { prompts: [prompt({ network: 'airteltigo', purpose: 'top_up' })] };
    });
    renderWithApp(<SandboxPhonePrompts wallet="0244555124" />);
    const card = await screen.findByRole('article', { name: 'Approve payment?' });
    expect(within(card).getByText('CL-FG4SG4 (change)')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This payment request is no longer open.',
    );
  });

  test('Telecel Cash asks for a voucher first, with no Approve yet', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue({ prompts: [prompt({ network: 'telecel', step: 'send_otp' })] });
    renderWithApp(<SandboxPhonePrompts wallet="0244555124" />);
    const card = await screen.findByRole('article', { name: 'Generate a voucher' });
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Generate voucher' }));
    expect(within(card).getByRole('status').textContent).toMatch(/^Your voucher: \d{6}$/);
  });

  test('shows nothing with no prompt, or with a real payment provider (404)', async () => {
    api.mockImplementation(async () => {
      throw new ApiError(404, 'Not found.');
    });
    const { container } = renderWithApp(<SandboxPhonePrompts wallet="0244555124" />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
