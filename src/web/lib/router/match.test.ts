import { describe, expect, test } from 'vitest';
import { matchPath, patternScore, resolvePathname } from './match';

describe('matchPath', () => {
  test('whole segments, any letter case, a trailing slash allowed', () => {
    expect(matchPath('/about', '/about')).toEqual({ params: {}, pathnameBase: '/about' });
    expect(matchPath('/about', '/About/')).not.toBeNull();
    expect(matchPath('/about', '/aboutx')).toBeNull();
    expect(matchPath('/about', '/about/more')).toBeNull();
    expect(matchPath('/', '/')).not.toBeNull();
    expect(matchPath('/', '/cars')).toBeNull();
  });

  test('a parameter takes one segment, decoded', () => {
    expect(matchPath('/booking-history/:code', '/booking-history/CL%2D7')?.params).toEqual({
      code: 'CL-7',
    });
    expect(matchPath('/booking-history/:code', '/booking-history')).toBeNull();
    expect(matchPath('/booking-history/:code', '/booking-history/a/b')).toBeNull();
    // A malformed escape is kept as typed instead of throwing.
    expect(matchPath('/x/:id', '/x/%E0')?.params).toEqual({ id: '%E0' });
  });

  test("a final '*' takes the rest, and the base is what came before it", () => {
    expect(matchPath('/admin/*', '/admin/cars/7')).toEqual({
      params: { '*': 'cars/7' },
      pathnameBase: '/admin',
    });
    expect(matchPath('/admin/*', '/admin')).toEqual({
      params: { '*': '' },
      pathnameBase: '/admin',
    });
    expect(matchPath('/admin/*', '/administrator')).toBeNull();
    expect(matchPath('*', '/anything/at/all')?.params).toEqual({ '*': 'anything/at/all' });
  });

  test('without end, pages below the pattern match too (NavLink)', () => {
    expect(matchPath('/admin', '/admin/cars', false)).not.toBeNull();
    expect(matchPath('/admin', '/admins', false)).toBeNull();
    expect(matchPath('/admin', '/admin/cars', true)).toBeNull();
  });
});

test('a fixed segment ranks above a parameter, a parameter above a splat', () => {
  const ranked = ['/*', '/cars/:id', '/cars/new', '/cars/*', '/'].sort(
    (a, b) => patternScore(b) - patternScore(a),
  );
  expect(ranked).toEqual(['/cars/new', '/cars/:id', '/cars/*', '/', '/*']);
  expect(patternScore('/', true)).toBeGreaterThan(patternScore('/'));
});

test('resolvePathname joins a relative path to its base, and .. goes up', () => {
  expect(resolvePathname('cars/7', '/admin')).toBe('/admin/cars/7');
  expect(resolvePathname('../faq', '/admin/cars')).toBe('/admin/faq');
  expect(resolvePathname('/login', '/admin')).toBe('/login');
});
