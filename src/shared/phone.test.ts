import { describe, expect, it } from 'vitest';
import { formatMsisdn, normalizeMsisdn } from './phone';

describe('normalizeMsisdn (PRODUCT.md P2.10)', () => {
  it('makes the three ways of writing one Ghana number the same', () => {
    expect(normalizeMsisdn('0244123456')).toBe('233244123456');
    expect(normalizeMsisdn('233244123456')).toBe('233244123456');
    expect(normalizeMsisdn('+233 24 412 3456')).toBe('233244123456');
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
});
