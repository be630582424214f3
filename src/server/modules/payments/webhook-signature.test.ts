import { describe, expect, it } from 'vitest';
import { isValidPaystackSignature, paystackSignature } from './webhook-signature';

describe('Paystack webhook signature', () => {
  const secret = 'sk_test_secret';
  const body = Buffer.from(
    '{\n  "event": "charge.success",\n  "data": { "customer": "Kwabena Ɔsei" }\n}',
  );

  it('accepts the HMAC-SHA512 of the exact bytes', () => {
    expect(isValidPaystackSignature(body, paystackSignature(body, secret), secret)).toBe(true);
  });

  it('refuses the signature of the same JSON serialised differently', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(isValidPaystackSignature(body, paystackSignature(reserialised, secret), secret)).toBe(
      false,
    );
  });

  it('refuses another key, a missing header, a truncated or non-hex signature', () => {
    const good = paystackSignature(body, secret);
    expect(isValidPaystackSignature(body, paystackSignature(body, 'sk_other'), secret)).toBe(false);
    expect(isValidPaystackSignature(body, undefined, secret)).toBe(false);
    expect(isValidPaystackSignature(body, good.slice(0, 64), secret)).toBe(false);
    expect(isValidPaystackSignature(body, 'z'.repeat(128), secret)).toBe(false);
    expect(isValidPaystackSignature(body, [good], secret)).toBe(false);
  });
});
