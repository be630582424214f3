import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET, type DemoCar } from '../fleet';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import {
  demoImageName,
  parseDemoImageName,
  renderCarIllustration,
  type CarView,
} from './car-illustration';
import { demoImageUrl, mediaRoutes } from '../../modules/media/media.routes';

const BODY_TYPES: readonly DemoCar['bodyType'][] = [
  'sedan',
  'suv',
  'hatchback',
  'coupe',
  'convertible',
  'wagon',
  'pickup',
  'van',
];
const VIEWS: readonly CarView[] = [0, 1, 2, 3];

/**
 * A small XML well-formedness check (node has no DOMParser): every byte belongs to a tag,
 * tags nest and close in order, attributes are quoted and not repeated, ids are unique and
 * every url(#id) points at one of them.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  const ids = new Set<string>();
  const refs: string[] = [];
  let at = 0;
  while (at < xml.length) {
    tag.lastIndex = at;
    const m = tag.exec(xml);
    if (!m) {
      problems.push(`unreadable markup at ${at}: ${xml.slice(at, at + 40)}`);
      break;
    }
    const [whole, closing, name = '', attrs = '', selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unexpected </${name}> at ${at}`);
    } else if (!selfClosing) {
      stack.push(name);
    }
    const seen = new Set<string>();
    for (const [, attr = '', value = ''] of attrs.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      if (seen.has(attr)) problems.push(`repeated ${attr} on <${name}>`);
      seen.add(attr);
      if (attr === 'id') {
        if (ids.has(value)) problems.push(`repeated id ${value}`);
        ids.add(value);
      }
      for (const [, ref = ''] of value.matchAll(/url\(#([^)]+)\)/g)) refs.push(ref);
    }
    at += whole.length;
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  for (const ref of refs) if (!ids.has(ref)) problems.push(`url(#${ref}) has no target`);
  return problems;
}

describe('car illustrations', () => {
  it('draws every body type in all four views as a small, well-formed, self-contained SVG', () => {
    for (const bodyType of BODY_TYPES) {
      for (const view of VIEWS) {
        const svg = renderCarIllustration({ bodyType, colourHex: '#1F6F8B', view });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain('viewBox="0 0 800 480"');
        expect(xmlProblems(svg), `${bodyType} view ${view}`).toEqual([]);
        expect(svg).toContain('#1f6f8b');
        expect(svg.length).toBeLessThan(10 * 1024);
        expect(svg).not.toMatch(
          /<script|<text|<image|href=|@import|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i,
        );
      }
    }
  });

  it('gives the same bytes for the same car, so browsers can cache it forever', () => {
    const options = { bodyType: 'pickup', colourHex: '#9a5b34', view: 1 } as const;
    expect(renderCarIllustration(options)).toBe(renderCarIllustration({ ...options }));
  });

  it('draws a different picture for each body type and each view', () => {
    for (const view of VIEWS) {
      const pictures = BODY_TYPES.map((bodyType) =>
        renderCarIllustration({ bodyType, colourHex: '#c8161d', view }),
      );
      expect(new Set(pictures).size).toBe(BODY_TYPES.length);
    }
    for (const bodyType of BODY_TYPES) {
      const pictures = VIEWS.map((view) =>
        renderCarIllustration({ bodyType, colourHex: '#c8161d', view }),
      );
      expect(new Set(pictures).size).toBe(VIEWS.length);
    }
  });

  it('paints the car in the colour asked for', () => {
    const white = renderCarIllustration({ bodyType: 'sedan', colourHex: '#f1f0eb', view: 0 });
    const black = renderCarIllustration({ bodyType: 'sedan', colourHex: '#15171b', view: 0 });
    expect(white).toContain('#f1f0eb');
    expect(black).toContain('#15171b');
    expect(white).not.toBe(black);
  });
});

describe('demo image names', () => {
  it('round-trips every body type, view and colour through its file name', () => {
    for (const bodyType of BODY_TYPES) {
      for (const view of VIEWS) {
        const name = demoImageName(bodyType, '#1F6F8B', view);
        expect(name).toBe(`${bodyType}-1f6f8b-${view}.svg`);
        expect(parseDemoImageName(name)).toEqual({ bodyType, colourHex: '#1f6f8b', view });
      }
    }
    expect(demoImageUrl('suv', '#1f6f8b', 0)).toBe('/media/demo/suv-1f6f8b-0.svg');
  });

  it('rejects anything that is not exactly a demo image name', () => {
    for (const name of [
      '../etc/passwd',
      'suv-1F6F8B-0.svg',
      'suv-1f6f8b-4.svg',
      'tank-1f6f8b-0.svg',
      'suv-1f6f8b-0.svg.js',
      'suv-1f6f8b-0.svg\n',
      'suv-1f6f8-0.svg',
      'suv-1f6f8b0-0.svg',
      'SUV-1f6f8b-0.svg',
      'constructor-1f6f8b-0.svg',
      '',
    ]) {
      expect(parseDemoImageName(name), JSON.stringify(name)).toBeNull();
    }
  });
});

describe('GET /media/demo/:name', () => {
  async function buildApp() {
    // As the app builds it: zod schemas, and the one error handler (a bad name is not found).
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    await app.register(mediaRoutes, { prefix: '/media' });
    return app;
  }

  it('serves a demo photo as a cacheable SVG', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: demoImageUrl('van', '#bfc4c9', 2) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(
      renderCarIllustration({ bodyType: 'van', colourHex: '#bfc4c9', view: 2 }),
    );
    await app.close();
  });

  it('answers 404 for a name that is not a demo photo', async () => {
    const app = await buildApp();
    for (const url of [
      '/media/demo/tank-1f6f8b-0.svg',
      '/media/demo/suv-1F6F8B-0.svg',
      '/media/demo/..%2Fetc%2Fpasswd',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    await app.close();
  });
});

describe('demo fleet', () => {
  const REQUIRED_MAKES = [
    'Toyota',
    'Honda',
    'Hyundai',
    'Kia',
    'Nissan',
    'Ford',
    'BMW',
    'Mercedes-Benz',
    'Audi',
    'Land Rover',
  ];
  const countBy = (key: (car: DemoCar) => string) => {
    const counts = new Map<string, number>();
    for (const car of DEMO_FLEET) counts.set(key(car), (counts.get(key(car)) ?? 0) + 1);
    return counts;
  };

  it('has a varied fleet of every required make and body type, with Toyota the most common', () => {
    expect(DEMO_FLEET.length).toBeGreaterThanOrEqual(34);
    expect(DEMO_FLEET.length).toBeLessThanOrEqual(40);
    const makes = countBy((car) => car.make);
    for (const make of REQUIRED_MAKES) expect(makes.get(make) ?? 0, make).toBeGreaterThanOrEqual(2);
    expect([...makes.keys()].sort()).toEqual([...REQUIRED_MAKES].sort());
    const toyotas = makes.get('Toyota') ?? 0;
    for (const [make, count] of makes)
      if (make !== 'Toyota') expect(count, make).toBeLessThan(toyotas);
    const bodies = countBy((car) => car.bodyType);
    for (const bodyType of BODY_TYPES)
      expect(bodies.get(bodyType) ?? 0, bodyType).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_FLEET.map((car) => car.transmission))).toEqual(
      new Set(['automatic', 'manual']),
    );
    expect(new Set(DEMO_FLEET.map((car) => car.fuelType))).toEqual(
      new Set(['petrol', 'diesel', 'hybrid']),
    );
  });

  it('shows eight different makes and body types first, for the home page', () => {
    const firstEight = DEMO_FLEET.slice(0, 8);
    expect(new Set(firstEight.map((car) => car.make)).size).toBe(8);
    expect(new Set(firstEight.map((car) => car.bodyType)).size).toBe(8);
  });

  it('prices every car in whole cedis between GH₵ 350 and GH₵ 3,500, with a few reductions', () => {
    for (const car of DEMO_FLEET) {
      const label = `${car.make} ${car.model}`;
      expect(Number.isInteger(car.pricePerDayCedis), label).toBe(true);
      expect(car.pricePerDayCedis, label).toBeGreaterThanOrEqual(350);
      expect(car.pricePerDayCedis, label).toBeLessThanOrEqual(3500);
      if (car.oldPriceCedis !== null) {
        expect(Number.isInteger(car.oldPriceCedis), label).toBe(true);
        expect(car.oldPriceCedis, label).toBeGreaterThan(car.pricePerDayCedis);
      }
    }
    const reduced = DEMO_FLEET.filter((car) => car.oldPriceCedis !== null).length;
    expect(reduced).toBeGreaterThanOrEqual(3);
    expect(reduced).toBeLessThanOrEqual(7);
  });

  it('places every car in Ghana with plausible details', () => {
    const withMissing = DEMO_FLEET.filter(
      (car) => car.noOfDoors === null || car.seatCapacity === null,
    );
    expect(withMissing.length).toBeGreaterThanOrEqual(1);
    expect(withMissing.length).toBeLessThanOrEqual(2);
    for (const car of DEMO_FLEET) {
      const label = `${car.make} ${car.model}`;
      expect(car.lat, label).toBeGreaterThanOrEqual(4.5);
      expect(car.lat, label).toBeLessThanOrEqual(11.2);
      expect(car.long, label).toBeGreaterThanOrEqual(-3.3);
      expect(car.long, label).toBeLessThanOrEqual(1.3);
      expect(car.year, label).toBeGreaterThanOrEqual(2016);
      expect(car.year, label).toBeLessThanOrEqual(2024);
      expect(car.colourHex, label).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(car.colour.trim(), label).not.toBe('');
      expect(car.description.length, label).toBeGreaterThan(40);
      if (car.noOfDoors !== null) expect([2, 3, 4, 5], label).toContain(car.noOfDoors);
      if (car.seatCapacity !== null) {
        expect(car.seatCapacity, label).toBeGreaterThanOrEqual(2);
        expect(car.seatCapacity, label).toBeLessThanOrEqual(15);
      }
    }
    expect(new Set(DEMO_FLEET.map((car) => car.description)).size).toBe(DEMO_FLEET.length);
    expect(DEMO_FLEET.filter((car) => car.hasAirconditioning).length).toBeGreaterThan(
      DEMO_FLEET.length * 0.8,
    );
    expect(DEMO_FLEET.some((car) => !car.hasBluetooth)).toBe(true);
    expect(DEMO_FLEET.some((car) => !car.usbCharger)).toBe(true);
  });
});
