import { describe, expect, it } from 'vitest';
import type { Car } from '../shared/schemas/cars';
import { prerenderCarPage } from './prerender';

const prerenderCarDetails = (car: Car) => prerenderCarPage(`/car-details?id=${car.id}`, car);

const car: Car = {
  id: 9,
  title: '2021 Kia <b>Sorento</b>',
  make: `Kia</h1><script>alert("make")</script>`,
  model: `Sorento "GT" & 'Line'`,
  year: 2021,
  description: '<img src=x onerror=alert(1)>',
  price: 1500,
  oldPrice: null,
  images: [
    { image_url: 'media/demo/suv-9-0.svg', alt: `Front "view"><script>alert('alt')</script>` },
    { image_url: 'media/demo/suv-9-1.svg', alt: 'Side' },
  ],
  transmission: 'automatic',
  no_of_doors: 5,
  seat_capacity: 7,
  has_airconditioning: true,
  has_bluetooth: false,
  usb_charger: true,
  body_type: 'suv',
  fuel_type: 'petrol',
  colour: 'Grey',
  location: { city: 'Kumasi', lat: 6.7, long: -1.6 },
  branch: { id: 3, name: 'Kumasi office', town: 'Kumasi' },
  weekly_price: null,
  deposit: 200,
};

describe('prerenderCarPage (the server renders /car-details?id= with it)', () => {
  it('renders the car, not its loading state, starting with the preload of the photo the gallery shows', async () => {
    const markup = await prerenderCarDetails(car);
    // web-static.ts moves this first link into <head>.
    expect(markup).toMatch(
      /^<link rel="preload" as="image" href="\/media\/demo\/suv-9-0\.svg" fetchPriority="high"\/>/,
    );
    expect(markup).toMatch(
      /<img src="\/media\/demo\/suv-9-0\.svg" alt="[^"]*" width="924" height="550" decoding="async" fetchPriority="high"\/>/,
    );
    expect(markup).not.toContain('Loading the car');
  });

  it("escapes the car's text", async () => {
    const markup = await prerenderCarDetails(car);
    expect(markup).not.toMatch(/<script|<img src=x|<b>/);
    expect(markup).toContain('Kia&lt;/h1&gt;&lt;script&gt;alert(&quot;make&quot;)&lt;/script&gt;');
    // No inline script or style: the CSP would block them (web-static.ts checks too).
    expect(markup).not.toMatch(/<style|\sstyle="/);
  });
});

describe('prerenderCarPage on the inventory single-car pages', () => {
  it.each([1, 2, 3, 5])(
    'renders layout v%i with the car, its photo preloaded first, no inline style, not the spinner',
    async (version) => {
      const markup = await prerenderCarPage(`/inventory-page-single-v${version}/9`, car);
      expect(markup).toMatch(/^<link rel="preload" as="image" href="\/media\/demo\/suv-9-0\.svg"/);
      expect(markup).toContain(`single-v${version}`);
      expect(markup).not.toContain('Loading the car');
      // The CSP would refuse the page (web-static.ts then sends it without its car).
      expect(markup).not.toMatch(/<script|<style|\sstyle="/);
    },
  );

  it('draws the map as the placeholder the app first shows, not without its styles', async () => {
    const markup = await prerenderCarPage('/inventory-page-single-v1/9', car);
    expect(markup).toContain('pickup-map-fallback');
    expect(markup).not.toContain('Map of Ghana');
  });
});
