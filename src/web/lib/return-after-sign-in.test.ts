import { describe, expect, it } from 'vitest';
import { returnAfterSignIn, signInReason } from './return-after-sign-in';

describe('after signing in (ROUTE-2, ROUTE-4)', () => {
  it('goes back to the page that sent the person, with its state', () => {
    expect(returnAfterSignIn({ from: '/booking-history', fromState: { x: 1 } }, 'renter')).toEqual({
      to: '/booking-history',
      state: { x: 1 },
    });
  });

  it('otherwise staff land in the console and renters on the cars', () => {
    expect(returnAfterSignIn(null, 'staff').to).toBe('/admin');
    expect(returnAfterSignIn(null, 'renter').to).toBe('/available-cars');
  });

  it('follows only a path on this site', () => {
    expect(returnAfterSignIn({ from: '//evil.example' }, 'renter').to).toBe('/available-cars');
    expect(returnAfterSignIn({ from: 'https://evil.example' }, 'staff').to).toBe('/admin');
  });
});

describe('why the sign-in page was opened (ROUTE-1)', () => {
  it('the console asks for a staff sign-in, not the renter banner', () => {
    expect(signInReason({ from: '/admin' })).toMatch(/^Staff: sign in/);
    expect(signInReason({ from: '/admin/bookings' })).toMatch(/^Staff: sign in/);
  });

  it("a renter's page keeps its words", () => {
    expect(signInReason({ from: '/booking-history' })).toBe(
      'Sign in to see all our cars and book one.',
    );
  });

  it('nothing sent the visitor: no reason', () => {
    expect(signInReason(null)).toBeNull();
  });
});
