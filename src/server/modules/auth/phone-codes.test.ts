import { describe, expect, it } from 'vitest';
import {
  CODE_RESEND_SECONDS,
  codeMatches,
  codeMessage,
  generateCode,
  hashCode,
  sendLimit,
} from './phone-codes';

describe('one-time codes (ACCT-11)', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Every digit turns up in the first place, so zero-padded codes happen.
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('are stored as a digest bound to the number and the purpose', () => {
    const stored = hashCode('233244123456', 'verify', '042317');
    expect(stored).not.toContain('042317');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(codeMatches(stored, '233244123456', 'verify', '042317')).toBe(true);
    expect(codeMatches(stored, '233244123456', 'verify', '042318')).toBe(false);
    expect(codeMatches(stored, '233244123457', 'verify', '042317')).toBe(false);
    expect(codeMatches(stored, '233244123456', 'reset', '042317')).toBe(false);
  });

  it('never match malformed input', () => {
    const stored = hashCode('233244123456', 'verify', '000000');
    for (const typed of ['0', '00000', '0000000', ' 000000', 'abcdef', '', '00000O']) {
      expect(codeMatches(stored, '233244123456', 'verify', typed), typed).toBe(false);
    }
  });

  it('put the code in the text', () => {
    expect(codeMessage('verify', '123456')).toContain('123456');
    expect(codeMessage('reset', '654321')).toContain('654321');
  });
});

describe('sending limits (LIMIT-9)', () => {
  it('allow the first code', () => {
    expect(sendLimit({ count: 0, secondsSinceLast: null, secondsSinceOldest: null })).toEqual({
      allowed: true,
    });
  });

  it('refuse another code within 60 seconds, saying when to try', () => {
    expect(sendLimit({ count: 1, secondsSinceLast: 12.2, secondsSinceOldest: 12.2 })).toEqual({
      allowed: false,
      reason: 'too-soon',
      retryAfterSeconds: 48,
    });
    expect(
      sendLimit({ count: 1, secondsSinceLast: CODE_RESEND_SECONDS, secondsSinceOldest: 60 }),
    ).toEqual({ allowed: true });
  });

  it('refuse a sixth code within the hour until the oldest is an hour old', () => {
    expect(sendLimit({ count: 4, secondsSinceLast: 61, secondsSinceOldest: 3000 })).toEqual({
      allowed: true,
    });
    expect(sendLimit({ count: 5, secondsSinceLast: 61, secondsSinceOldest: 3000 })).toEqual({
      allowed: false,
      reason: 'hourly',
      retryAfterSeconds: 600,
    });
  });

  it('refuse a sixth code within 24 hours until the oldest is a day old', () => {
    const spread = { count: 0, secondsSinceLast: 2 * 3600, secondsSinceOldest: null };
    expect(sendLimit({ ...spread, dayCount: 4, secondsSinceOldestInDay: 6 * 3600 })).toEqual({
      allowed: true,
    });
    expect(sendLimit({ ...spread, dayCount: 5, secondsSinceOldestInDay: 6 * 3600 })).toEqual({
      allowed: false,
      reason: 'daily',
      retryAfterSeconds: 18 * 3600,
    });
  });
});
