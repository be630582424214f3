import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmsLogEntry } from '../../../shared/schemas/sms-log';
import { apiRequest } from '../../lib/api-client';
import { renderWithApp } from '../../testing/render';
import { BookingSmsLog, SmsList, smsKindLabel } from './sms-log';

vi.mock(import('../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const entry = (over: Partial<SmsLogEntry>): SmsLogEntry => ({
  id: 1,
  kind: 'booking_received',
  status: 'delivered',
  to: '233244123456',
  body: 'CarLink: booking CL-ABC234 received.',
  booking_id: 7,
  booking_code: 'CL-ABC234',
  attempts: 1,
  last_error: null,
  due_at: '2026-11-25T10:00:00.000Z',
  sent_at: '2026-11-25T10:00:01.000Z',
  delivered_at: '2026-11-25T10:00:02.000Z',
  created_at: '2026-11-25T10:00:00.000Z',
  can_resend: true,
  ...over,
});

describe('the SMS log panel', () => {
  it('an empty list says what it lists: no failed texts is not no texts at all', () => {
    renderWithApp(<SmsList messages={[]} empty="No text message has failed." />);
    expect(screen.getByText('No text message has failed.')).toBeTruthy();
    expect(screen.queryByText('No text messages yet.')).toBeNull();
  });

  it('names the document decision texts in words, not by their template key (DOC-7)', () => {
    expect(smsKindLabel('document_verified')).toBe('Document verified');
    expect(smsKindLabel('document_rejected')).toBe('Document rejected');
  });

  it('shows each message with its status and text, and resends one', async () => {
    api.mockImplementation(async (path: string) =>
      path.endsWith('/resend')
        ? { message: 'The message is queued again.', sms: entry({ id: 3, status: 'queued' }) }
        : {
            messages: [
              entry({}),
              entry({
                id: 2,
                kind: 'pickup_reminder',
                status: 'failed',
                body: 'CarLink reminder: pick up your car tomorrow.',
                attempts: 4,
                last_error: 'Arkesel answered 500: Server error',
                delivered_at: null,
                sent_at: null,
              }),
            ],
          },
    );
    renderWithApp(<BookingSmsLog code="CL-ABC234" />);
    expect(await screen.findByText('CarLink: booking CL-ABC234 received.')).toBeTruthy();
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Arkesel answered 500: Server error')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/admin/bookings/CL-ABC234/sms', expect.anything());

    await userEvent.click(screen.getByRole('button', { name: /Resend: Pickup reminder/ }));
    expect(api).toHaveBeenCalledWith('/admin/sms/2/resend', { method: 'POST' });
  });

  it('never shows a code and offers no resend for one', async () => {
    api.mockResolvedValue({
      messages: [entry({ id: 5, kind: 'code', body: '', can_resend: false, booking_code: null })],
    });
    renderWithApp(<BookingSmsLog code="CL-ABC234" />);
    expect(await screen.findByText('Code not kept')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
