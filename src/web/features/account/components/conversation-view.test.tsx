import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationMessages as texts } from '../../../../shared/conversations';
import type {
  ConversationMessage,
  MyConversationResponse,
} from '../../../../shared/schemas/conversations';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/private-files';
import { renderWithApp } from '../../../testing/render';
import { ConversationView } from './conversation-view';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
vi.mock(import('../../../lib/private-files'), async (importOriginal) => ({
  ...(await importOriginal()),
  uploadForm: vi.fn(),
  usePrivateImage: (url: string | null) => ({ url, src: 'blob:photo', error: false }),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(uploadForm);
afterEach(() => {
  api.mockReset();
  upload.mockReset();
});

const SLOW = { timeout: 5000 };

const message = (overrides: Partial<ConversationMessage>): ConversationMessage => ({
  id: 1,
  author: 'renter',
  staff_name: null,
  via: 'app',
  body: 'The mirror is cracked.',
  booking_code: null,
  photos: [],
  created_at: '2026-11-28T09:00:00.000Z',
  ...overrides,
});

const thread = (messages: ConversationMessage[], unread = 0): MyConversationResponse => ({
  conversation: { id: 4, status: 'open', unread },
  messages,
  next_before: null,
});

describe('the renter’s Messages (CONV-1 to CONV-5, CONV-13)', { timeout: 20_000 }, () => {
  it('shows the thread oldest first, with the staff member’s name and the photos, and reads the replies', async () => {
    api.mockImplementation(async (path: string) =>
      path === '/conversation'
        ? thread(
            [
              message({ id: 2, author: 'staff', staff_name: 'Kwame', body: 'We will swap it.' }),
              message({
                id: 1,
                booking_code: 'CL-ABC123',
                photos: [{ id: 9, url: '/api/conversation/photos/9' }],
              }),
            ],
            1,
          )
        : { unread: 0 },
    );
    renderWithApp(<ConversationView />, { route: '/messages' });
    const list = await screen.findByRole('list', { name: 'Messages with CarLink' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('The mirror is cracked.');
    expect(items[1]!.textContent).toContain('Kwame at CarLink');
    expect(within(items[0]!).getByRole('link', { name: 'CL-ABC123' })).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'Photo 1 of 1 sent by you' })).toBeTruthy();
    // CONV-13: an unread reply is marked read once the page shows it.
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith('/conversation/read', { method: 'POST' }),
    );
  });

  it('refuses an empty message before sending, then sends the text linked to the booking', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue(thread([]));
    upload.mockResolvedValue({ message: texts.sent, sent: message({}) });
    renderWithApp(<ConversationView />, { route: '/messages?booking=cl-abc123' });
    expect(await screen.findByText('CL-ABC123', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your message'), 'Can I return it late?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(texts.sent)).toBeTruthy();
    const form = upload.mock.calls[0]![1];
    expect(upload.mock.calls[0]![0]).toBe('/conversation/messages');
    expect(form.get('body')).toBe('Can I return it late?');
    expect(form.get('booking_code')).toBe('CL-ABC123');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a fourth photo, and shows the server’s 429 plainly', async () => {
    const user = userEvent.setup();
    api.mockResolvedValue(thread([]));
    renderWithApp(<ConversationView />, { route: '/messages' });
    const input = await screen.findByLabelText(/Photos \(optional/, {}, SLOW);
    const photo = (n: number) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff])], `p${n}.jpg`, { type: 'image/jpeg' });
    await user.upload(input, [photo(1), photo(2), photo(3), photo(4)]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(texts.tooManyPhotos)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input, [photo(1)]);
    upload.mockRejectedValue(new ApiError(429, texts.tooMany));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.tooMany);
  });
});
