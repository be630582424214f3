import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type {
  InboxConversation,
  InboxResponse,
  StaffThreadResponse,
} from '../../../../shared/schemas/conversations.staff';
import { apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { ConversationInbox } from './conversation-inbox';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  usePrivateImage: (url: string | null) => ({ url, src: 'blob:photo', error: false }),
}));
const api = vi.mocked(apiRequest);
beforeEach(() => api.mockReset());

const SLOW = { timeout: 5000 };

const conversation: InboxConversation = {
  id: 7,
  status: 'open',
  customer: { id: 4, name: 'Yaa Asantewaa', msisdn: '233244000111' },
  branch: { id: 1, name: 'East Legon' },
  booking_code: 'CL-ABC123',
  assigned_to: null,
  unread: 2,
  last_message: { author: 'renter', excerpt: 'The mirror is cracked.', at: '2026-11-28T09:00:00Z' },
};

const inbox: InboxResponse = { conversations: [conversation], next_cursor: null, unread: 1 };
const thread: StaffThreadResponse = {
  conversation,
  messages: [
    {
      id: 11,
      author: 'renter',
      staff_name: null,
      via: 'app',
      body: 'The mirror is cracked.',
      booking_code: 'CL-ABC123',
      photos: [{ id: 3, url: '/api/conversation/photos/3' }],
      created_at: '2026-11-28T09:00:00Z',
    },
  ],
  next_before: null,
};

function answer(path: string) {
  if (path === '/admin/conversations') return inbox;
  if (path === '/admin/conversations/7') return thread;
  if (path === '/admin/conversations/assignees')
    return { staff: [{ id: 2, name: 'Kwame Asante', role: 'agent' }] };
  if (String(path).startsWith('/admin/customers/'))
    return {
      customer: { id: 4, name: 'Yaa Asantewaa' },
      bookings: [],
      total: 0,
      page: 1,
      limit: 20,
      last_page: 1,
    };
  return { message: 'ok', conversation };
}

describe('the console’s conversations (CONV-8 to CONV-11)', { timeout: 20_000 }, () => {
  test('lists the unread conversation, opens its thread with the photo, and reads it', async () => {
    api.mockImplementation(async (path: string) => answer(path));
    renderWithApp(
      <ConversationInbox
        filters={{ status: 'open', assigned: 'anyone' }}
        selectedId={7}
        onFilters={() => {}}
      />,
      { route: '/admin/messages?c=7', staffRole: 'agent' },
    );
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const row = within(list).getByRole('link', { name: /Yaa Asantewaa/ });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(row.textContent).toContain('2 unread');
    const messages = await screen.findByRole('list', { name: 'Messages with Yaa Asantewaa' });
    expect(
      within(messages).getByRole('img', { name: 'Photo 1 of 1 from Yaa Asantewaa' }),
    ).toBeTruthy();
    expect(within(messages).getByRole('link', { name: 'CL-ABC123' })).toBeTruthy();
    // Opening an unread conversation marks it read.
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/conversations/7/read', { method: 'POST' }),
    );
    expect(await screen.findByText('No bookings yet.')).toBeTruthy();
  });

  test('replies, assigns and closes', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (path: string) => answer(path));
    renderWithApp(
      <ConversationInbox
        filters={{ status: 'open', assigned: 'anyone' }}
        selectedId={7}
        onFilters={() => {}}
      />,
      { route: '/admin/messages?c=7', staffRole: 'agent' },
    );
    const reply = await screen.findByLabelText('Reply', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write your reply.')).toBeTruthy();
    await user.type(reply, 'We will swap it at East Legon.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/conversations/7/messages', {
        method: 'POST',
        body: { body: 'We will swap it at East Legon.' },
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Assigned to') as HTMLSelectElement).disabled).toBe(false),
    );
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Kwame Asante');
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/conversations/7/assign', {
        method: 'POST',
        body: { staff_id: 2 },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Close conversation' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/conversations/7/close', { method: 'POST' }),
    );
  });
});
