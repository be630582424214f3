import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { CarGallery } from './car-gallery';

const images = [1, 2, 3].map((n) => ({
  image_url: `/uploads/cars/photo-${n}.jpg`,
  alt: `View ${n}`,
}));

const thumb = (n: number) => screen.getByRole('button', { name: new RegExp(`^Show photo ${n}:`) });

/** The thumbnails are one Tab stop whose focus follows the photo chosen by the arrows (PAGE-24). */
describe('the gallery thumbnails, by keyboard', () => {
  test('the arrow keys move focus with the photo, and Tab reaches only the current thumbnail', async () => {
    const user = userEvent.setup();
    renderWithApp(<CarGallery images={images} title="2021 Toyota Corolla" />);
    expect([1, 2, 3].map((n) => thumb(n).tabIndex)).toEqual([0, -1, -1]);

    thumb(1).focus();
    await user.keyboard('{ArrowRight}');
    expect(thumb(2).getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(thumb(2));
    expect([1, 2, 3].map((n) => thumb(n).tabIndex)).toEqual([-1, 0, -1]);

    // Wrapping at either end; Home and End go to the first and the last.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(thumb(1));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(thumb(3));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(thumb(1));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(thumb(3));
    expect(screen.getByText(/3 \/ 3/)).toBeTruthy();
  });

  test('on the big photo the arrows change it and focus stays there', async () => {
    const user = userEvent.setup();
    renderWithApp(<CarGallery images={images} title="2021 Toyota Corolla" />);
    const stage = screen.getByRole('button', { name: /^Open photo 1 of 3/ });
    stage.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /^Open photo 2 of 3/ })).toBe(document.activeElement);
    expect(thumb(2).getAttribute('aria-current')).toBe('true');
  });
});
