import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ageOn,
  DocumentFieldsSchema,
  documentMessages,
  GHANA_CARD_PIN_PATTERN,
  normalizeGhanaCardPin,
} from './documents';

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = DocumentFieldsSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
};

describe('the Ghana Card PIN (DOC-2)', () => {
  it('is GHA-, nine digits, a dash and one check digit', () => {
    expect(GHANA_CARD_PIN_PATTERN.test('GHA-123456789-0')).toBe(true);
    for (const bad of [
      'GHA-12345678-0',
      'GHA-1234567890-0',
      'GHA-123456789-',
      'GH-123456789-0',
      'GHA123456789-0',
      'GHA-123456789-00',
      'GHA-12345678a-0',
    ])
      expect(GHANA_CARD_PIN_PATTERN.test(bad), bad).toBe(false);
  });

  it('is read as typed on a phone: spaces dropped, lower case raised', () => {
    expect(normalizeGhanaCardPin(' gha-123456789-0 ')).toBe('GHA-123456789-0');
    expect(normalizeGhanaCardPin('GHA - 123 456 789 - 0')).toBe('GHA-123456789-0');
  });
});

describe('ageOn (DOC-2: renters are at least 21)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2005-11-25', '2026-11-25')).toBe(21);
    expect(ageOn('2005-11-26', '2026-11-25')).toBe(20);
    expect(ageOn('2005-12-01', '2026-11-30')).toBe(20);
    expect(ageOn('1990-01-01', '2026-01-01')).toBe(36);
  });

  it('takes a 29 February birthday as reached on 1 March in other years', () => {
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOn('2004-02-29', '2028-02-29')).toBe(24);
  });
});

describe('DocumentFieldsSchema (DOC-2)', () => {
  afterEach(() => vi.useRealTimers());
  // Noon in Accra (UTC+0) on 25 November 2026.
  const on = (iso: string) => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(`${iso}T12:00:00Z`));
  };

  it('accepts a Ghana Card of someone 21 today, and refuses one a day short', () => {
    on('2026-11-25');
    const card = { kind: 'ghana_card', ghana_card_pin: 'GHA-123456789-0' };
    expect(errorsOf({ ...card, date_of_birth: '2005-11-25' })).toEqual({});
    expect(errorsOf({ ...card, date_of_birth: '2005-11-26' })).toEqual({
      date_of_birth: [documentMessages.tooYoung],
    });
    expect(errorsOf({ ...card, date_of_birth: '2027-01-01' })).toEqual({
      date_of_birth: [documentMessages.birthFuture],
    });
  });

  it('names every missing or malformed field', () => {
    on('2026-11-25');
    expect(errorsOf({ kind: 'ghana_card', ghana_card_pin: '', date_of_birth: '' })).toEqual({
      ghana_card_pin: [documentMessages.pinRequired],
      date_of_birth: [documentMessages.birthRequired],
    });
    expect(
      errorsOf({ kind: 'ghana_card', ghana_card_pin: '123', date_of_birth: '2001-02-30' }),
    ).toEqual({
      ghana_card_pin: [documentMessages.pinFormat],
      date_of_birth: ['Enter a valid date (YYYY-MM-DD)'],
    });
    expect(errorsOf({ kind: 'passport' })).toEqual({ kind: [documentMessages.kindRequired] });
  });

  it('accepts a licence valid today and refuses one that expired yesterday', () => {
    on('2026-11-25');
    const lic = { kind: 'driving_licence', licence_number: 'dl-12/345' };
    const parsed = DocumentFieldsSchema.parse({ ...lic, licence_expiry: '2026-11-25' });
    expect(parsed).toEqual({ ...lic, licence_number: 'DL-12/345', licence_expiry: '2026-11-25' });
    expect(errorsOf({ ...lic, licence_expiry: '2026-11-24' })).toEqual({
      licence_expiry: [documentMessages.licenceExpired],
    });
    expect(errorsOf({ ...lic, licence_number: '<script>', licence_expiry: '2027-01-01' })).toEqual({
      licence_number: [documentMessages.licenceNumberFormat],
    });
  });
});
