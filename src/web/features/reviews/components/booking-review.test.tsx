import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages } from '../../../../shared/reviews';
import { apiRequest } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { BookingReview } from './booking-review';

vi.mock(import('../../../lib/api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

// A busy machine may take longer than Testing Library's default second to answer.
const SLOW = { timeout: 5000 };

// Typing with user-event is slow on a busy machine: more than the default 5 s per test.
describe('the review on a booking’s page (REVIEW-1, REVIEW-2)', { timeout: 20_000 }, () => {
  it('asks for a rating, then sends the stars and the comment and shows the review', async () => {
    const user = userEvent.setup();
    api.mockImplementation(async (_path: string, options?: { method?: string }) =>
      options?.method === 'POST'
        ? {
            message: reviewMessages.thanks,
            review: { id: 9, rating: 4, comment: 'Clean car', created_at: '2026-11-25T10:00:00Z' },
          }
        : { review: null, can_review: true },
    );
    renderWithApp(<BookingReview code="CL-ABC234" />);
    expect(await screen.findByRole('heading', { name: 'How was your trip?' }, SLOW)).toBeTruthy();

    // The form is a chunk of its own (react-hook-form stays out of the page's first load).
    await user.click(await screen.findByRole('button', { name: 'Send review' }, SLOW));
    expect(await screen.findByText(reviewMessages.ratingRequired)).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Clean car');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(api).toHaveBeenLastCalledWith('/bookings/CL-ABC234/review', {
      method: 'POST',
      body: { rating: 4, comment: 'Clean car' },
    });
    expect(await screen.findByRole('heading', { name: 'Your review' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('Clean car')).toBeTruthy();
    expect(await screen.findByText('4 out of 5 stars')).toBeTruthy();
  });

  it('shows nothing for a trip that cannot be reviewed yet', async () => {
    api.mockResolvedValue({ review: null, can_review: false });
    const { container } = renderWithApp(<BookingReview code="CL-ABC234" />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(container.textContent).toBe('');
  });
});
