import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_CODE_ALPHABET,
  BOOKING_CODE_PATTERN,
  bookingCodeFromBytes,
  normalizeBookingCode,
} from './booking-code';

describe('booking codes (BOOK-10)', () => {
  it('look like CL-7K3Q9M and avoid 0/O and 1/I', () => {
    for (let i = 0; i < 2000; i++) {
      const code = bookingCodeFromBytes(randomBytes(6));
      expect(code).toMatch(BOOKING_CODE_PATTERN);
      expect(code.slice(3)).not.toMatch(/[01OIL]/);
    }
  });
  // Deterministic on purpose: random draws collide now and then (2000 codes from 31^6
  // clash about once in 450 runs), and a clash in production is retried (src/server/db/retry.ts).
  it('use every symbol in every position: distinct digits give distinct codes', () => {
    const base = BOOKING_CODE_ALPHABET.length;
    const digitsOf = (n: number) =>
      Uint8Array.from({ length: 6 }, (_, i) => Math.floor(n / base ** i) % base);
    const count = 5000;
    const codes = new Set(
      Array.from({ length: count }, (_, n) => bookingCodeFromBytes(digitsOf(n * 176_389))),
    );
    expect(codes.size).toBe(count);
    for (let position = 0; position < 6; position++) {
      const symbols = new Set(
        Array.from({ length: base }, (_, d) => {
          const bytes = new Uint8Array(6);
          bytes[position] = d;
          return bookingCodeFromBytes(bytes)[3 + position];
        }),
      );
      expect(symbols.size).toBe(base);
    }
  });
  it('read back what a person types', () => {
    expect(normalizeBookingCode('cl-7k3q9m')).toBe('CL-7K3Q9M');
    expect(normalizeBookingCode('7K3 Q9M')).toBe('CL-7K3Q9M');
    expect(normalizeBookingCode('CL7K3Q9M')).toBe('CL-7K3Q9M');
  });
});
