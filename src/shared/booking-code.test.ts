import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOKING_CODE_PATTERN, bookingCodeFromBytes, normalizeBookingCode } from './booking-code';

describe('booking codes (BOOK-10)', () => {
  it('look like CL-7K3Q9M and avoid 0/O and 1/I', () => {
    for (let i = 0; i < 2000; i++) {
      const code = bookingCodeFromBytes(randomBytes(6));
      expect(code).toMatch(BOOKING_CODE_PATTERN);
      expect(code.slice(3)).not.toMatch(/[01OIL]/);
    }
  });
  it('are spread widely: 2000 draws give no duplicate', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => bookingCodeFromBytes(randomBytes(6))));
    expect(codes.size).toBe(2000);
  });
  it('read back what a person types', () => {
    expect(normalizeBookingCode('cl-7k3q9m')).toBe('CL-7K3Q9M');
    expect(normalizeBookingCode('7K3 Q9M')).toBe('CL-7K3Q9M');
    expect(normalizeBookingCode('CL7K3Q9M')).toBe('CL-7K3Q9M');
  });
});
