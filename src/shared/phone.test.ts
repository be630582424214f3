import { describe, expect, it } from 'vitest';
import { formatMsisdn, maskMsisdn, normalizeMsisdn, parseMsisdn } from './phone';

describe('parseMsisdn (ACCT-1)', () => {
  it('makes every way of writing one Ghana number the same', () => {
    for (const written of [
      '0244123456',
      '233244123456',
      '+233244123456',
      '+233 24 412 3456',
      '00233244123456',
      '00233 24 412 3456',
      '2330244123456',
      '+233 0244 123 456',
      '(024) 412-3456',
      '024.412.3456',
      '  0244123456 ',
    ]) {
      expect(parseMsisdn(written), written).toBe('233244123456');
    }
  });

  // Real number ranges of each network (the subscriber digits are made up).
  it.each([
    ['MTN 024', '0244123456', '233244123456'],
    ['MTN 054', '0541234567', '233541234567'],
    ['MTN 055', '0551234567', '233551234567'],
    ['MTN 059', '0591234567', '233591234567'],
    ['MTN 025', '0256123456', '233256123456'],
    ['MTN 053', '0531234567', '233531234567'],
    ['Telecel 020', '0201234567', '233201234567'],
    ['Telecel 050', '0501234567', '233501234567'],
    ['AirtelTigo 026', '0261234567', '233261234567'],
    ['AirtelTigo 056', '0561234567', '233561234567'],
    ['AirtelTigo 027', '0271234567', '233271234567'],
    ['AirtelTigo 057', '0571234567', '233571234567'],
  ])('accepts %s (%s)', (_network, written, stored) => {
    expect(parseMsisdn(written)).toBe(stored);
    expect(parseMsisdn(`+${stored}`)).toBe(stored);
  });

  it('accepts mobile numbers of other countries written with their country code', () => {
    expect(parseMsisdn('+44 7911 123456')).toBe('447911123456');
    expect(parseMsisdn('+234 803 123 4567')).toBe('2348031234567');
  });

  it.each([
    ['no country code 000', '+000244123456'],
    ['one digit short', '024412345'],
    ['one digit long', '02441234567'],
    ['all zeros', '0000000000'],
    ['no Ghana network starts 01', '0101234567'],
    ['a landline cannot receive the codes', '0302123456'],
    ['letters', '024412345a'],
    ['empty', ''],
    ['spaces only', '   '],
    ['absurdly long', '0'.repeat(60)],
  ])('refuses %s (%j)', (_why, written) => {
    expect(parseMsisdn(written)).toBeNull();
  });
});

describe('normalizeMsisdn', () => {
  it('makes the common ways of writing one Ghana number the same', () => {
    expect(normalizeMsisdn('0244123456')).toBe('233244123456');
    expect(normalizeMsisdn('233244123456')).toBe('233244123456');
    expect(normalizeMsisdn('+233 24 412 3456')).toBe('233244123456');
    expect(normalizeMsisdn('00233244123456')).toBe('233244123456');
  });
  it('drops the trunk 0 kept after the country code', () => {
    expect(normalizeMsisdn('+233 0244 123 456')).toBe('233244123456');
  });
  it('accepts dashes, dots and brackets', () => {
    expect(normalizeMsisdn('(024) 412-3456')).toBe('233244123456');
  });
  it('keeps foreign numbers as they are', () => {
    expect(normalizeMsisdn('+44 7700 900123')).toBe('447700900123');
  });
});

describe('formatMsisdn', () => {
  it('groups a Ghana number for reading', () => {
    expect(formatMsisdn('233244123456')).toBe('+233 24 412 3456');
  });
  it('prefixes other numbers with +', () => {
    expect(formatMsisdn('447700900123')).toBe('+447700900123');
  });
  it('shows a closed account’s placeholder as it is (ACCT-31)', () => {
    expect(formatMsisdn('closed-42')).toBe('closed-42');
  });
});

describe('maskMsisdn (RUN-9)', () => {
  it('keeps the country code, network and last three digits', () => {
    expect(maskMsisdn('233244123456')).toBe('23324****456');
    expect(maskMsisdn('2348031234567')).toBe('23480*****567');
  });
  it('hides short strings entirely', () => {
    expect(maskMsisdn('12345')).toBe('*****');
  });
});
