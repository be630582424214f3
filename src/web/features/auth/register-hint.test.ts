import { describe, expect, it } from 'vitest';
import { registerHint } from './register-hint';

const filled = {
  name: 'Ama Mensah',
  msisdn: '0244123456',
  password: 'Secret@123',
  password_confirmation: 'Secret@123',
  acceptPolicy: true,
};

describe('why Register is off (ACCT-21)', () => {
  it('names the empty fields and the policy', () => {
    expect(
      registerHint({ ...filled, name: '', password_confirmation: '', acceptPolicy: false }, []),
    ).toBe('To register: Enter your full name and the password again; Accept the privacy policy.');
  });

  it('says the passwords differ when every field is filled', () => {
    expect(registerHint({ ...filled, password_confirmation: 'Secret@124' }, [])).toBe(
      'To register: Make the two passwords the same.',
    );
  });

  it('names a filled field whose own message is showing', () => {
    expect(registerHint({ ...filled, msisdn: '0244' }, ['msisdn'])).toBe(
      'To register: Correct your phone number.',
    );
  });

  it('never the blanket line once everything is filled', () => {
    expect(registerHint({ ...filled, msisdn: '0244' }, [])).not.toMatch(/Fill in every field/);
  });
});
