import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicReview, ReviewSummary } from '../../../../shared/schemas/reviews';
import { renderWithApp } from '../../../testing/render';
import { Testimonials } from './testimonials';

const review = (id: number, over: Partial<PublicReview> = {}): PublicReview => ({
  id,
  rating: 4,
  comment: `Comment number ${id}`,
  author: `Renter${id} A.`,
  car: '2021 Toyota Corolla',
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('the home page testimonials (REVIEW-5)', () => {
  it('shows nothing, and no rating, below 3 visible reviews or while loading', () => {
    const two: ReviewSummary = { average: 5, count: 2, reviews: [review(1), review(2)] };
    const { container, rerender } = renderWithApp(<Testimonials summary={two} />);
    expect(container.textContent).toBe('');
    rerender(<Testimonials summary={undefined} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByText(/What our customers say/)).toBeNull();
  });

  it('shows the real average and count and the real reviews from 3 on', () => {
    const summary: ReviewSummary = {
      average: 4.3,
      count: 1234,
      reviews: [review(1, { rating: 5 }), review(2), review(3)],
    };
    renderWithApp(<Testimonials summary={summary} />);
    expect(screen.getByRole('heading', { name: 'What our customers say' })).toBeTruthy();
    const line = screen.getByText(/Rated/);
    expect(line.textContent).toBe('Rated 4.3/5 on 1,234 reviews');
    expect(screen.getByText('Comment number 1')).toBeTruthy();
    expect(screen.getByText('Renter1 A.')).toBeTruthy();
    expect(screen.getAllByText('2021 Toyota Corolla')).toHaveLength(3);
    expect(document.body.textContent).not.toMatch(/4\.7|28,370/);
  });
});
