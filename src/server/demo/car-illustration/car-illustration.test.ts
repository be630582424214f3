import { describe, expect, it } from 'vitest';
import type { DemoCar } from '../fleet';
import { demoImageUrl } from '../../modules/media/media.routes';
import {
  demoImageName,
  parseDemoImageName,
  renderCarIllustration,
  type CarView,
} from './car-illustration';

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
