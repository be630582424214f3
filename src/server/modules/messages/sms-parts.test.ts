import { describe, expect, it } from 'vitest';
import { countSmsParts } from './sms-parts';

describe('countSmsParts', () => {
  it('counts GSM-7: 160 in one part, 153 per part beyond', () => {
    expect(countSmsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(countSmsParts('a'.repeat(161))).toMatchObject({ parts: 2 });
    expect(countSmsParts('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(countSmsParts('a'.repeat(307))).toMatchObject({ parts: 3 });
  });

  it('counts the extension characters twice', () => {
    expect(countSmsParts('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(countSmsParts(`${'€'.repeat(80)}a`)).toMatchObject({ units: 161, parts: 2 });
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7, such as ₵', () => {
    expect(countSmsParts(`GH₵ ${'a'.repeat(66)}`)).toEqual({
      encoding: 'UCS-2',
      units: 70,
      parts: 1,
    });
    expect(countSmsParts(`GH₵ ${'a'.repeat(67)}`)).toMatchObject({ parts: 2 });
    expect(countSmsParts('₵'.repeat(134))).toMatchObject({ parts: 2 });
    expect(countSmsParts('₵'.repeat(135))).toMatchObject({ parts: 3 });
  });
});
