import { describe, expect, it } from 'vitest';
import { buildRouteShells } from './web-static';

const index = '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';
const manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_vendor.js'] },
  _vendor: { file: 'assets/vendor.js' },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_vendor.js'], css: ['assets/grid.css'] },
  'app/routes/home.tsx': { file: 'assets/home.js', imports: ['_grid.js', 'index.html'], css: ['assets/home.css'] },
  'app/routes/login.tsx': { file: 'assets/login.js', imports: ['_vendor.js'] },
};

describe('buildRouteShells', () => {
  const shells = buildRouteShells(index, manifest);

  it("names the home page's scripts and styles in the shell for '/'", () => {
    const home = shells.get('')!;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/grid.js">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(home).toContain('<link rel="stylesheet" crossorigin href="/assets/grid.css">');
    // The entry is already in the page; it is not named twice.
    expect(home.match(/index\.js/g)).toHaveLength(1);
  });

  it('keys other pages by their first URL segment, each with only its own chunks', () => {
    const login = shells.get('login')!;
    expect(login).toContain('/assets/login.js');
    expect(login).not.toContain('/assets/home.js');
    expect([...shells.keys()].sort()).toEqual(['', 'login']);
  });
});
