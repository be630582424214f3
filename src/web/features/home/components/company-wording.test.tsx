import { beforeAll, describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { AppDownload } from './app-download';
import { HeroSlider } from './hero-slider';
import { ServicesPromo } from './services-promo';
import { WhyChooseUs } from './why-choose-us';

/**
 * The home page says each fact about the company one way (PAGE-4): help 7 days a week (not
 * 24/7 nor day and night), two towns, and the mobile money hold as the rules have it.
 */
// The slider asks whether motion is reduced; jsdom has no matchMedia.
beforeAll(() => {
  window.matchMedia = vi.fn().mockReturnValue({
    matches: true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

describe("the home page's facts", () => {
  const text = () => {
    renderWithApp(
      <>
        <HeroSlider />
        <ServicesPromo />
        <WhyChooseUs />
        <AppDownload />
      </>,
    );
    return document.body.textContent ?? '';
  };

  test('help is 7 days a week, never round the clock', () => {
    const page = text();
    expect(page).not.toMatch(/24\/7|day and night|round the clock/i);
    expect(page).toMatch(/7 days a week/);
  });

  test('the towns are the two with a branch', () => {
    const page = text();
    expect(page).not.toMatch(/\b4\s*cities/);
    expect(page).toMatch(/2\s*towns/);
  });

  test('no hold longer than the rules give', () => {
    const page = text();
    expect(page).not.toMatch(/held for (up to )?7 days|hold it for you for up to 7 days/i);
    expect(page).toMatch(/15 minutes/);
  });
});
