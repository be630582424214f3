import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { paths } from '../config/paths';
import { routePages } from './route-assets';
import { routeManifest } from './routes-manifest';

const appDir = import.meta.dirname;

describe('the route manifest', () => {
  test('every page module under app/routes is the page of a route', async () => {
    const pages = new Set((await routePages(routeManifest)).map((route) => route.page));
    const files = readdirSync(join(appDir, 'routes')).filter((file) => file.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(pages, `src/web/app/routes/${file} is in no route`).toContain(
        file.replace(/\.tsx$/, ''),
      );
    }
  }, 60_000);

  test('every URL the site names (config/paths.ts) has a route, and no pattern is there twice', () => {
    const patterns = routeManifest.map((route) => route.path);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const [name, { path }] of Object.entries(paths)) {
      // The console's pages sit under its own splat route.
      const pattern = name === 'admin' ? `${path}/*` : path;
      expect(patterns, `paths.${name}`).toContain(pattern);
    }
    expect(patterns).toContain('*');
  });

  test('the router makes its routes from the manifest only', () => {
    // No <Route path=…> of its own, and no page module loaded but through the manifest.
    const router = readFileSync(join(appDir, 'router.tsx'), 'utf8');
    expect(router).toMatch(/routeManifest/);
    expect(router).not.toMatch(/<Route[^>]*\spath=["'{](?!entry\.path)/);
    expect(router).not.toMatch(/import\(['"]\.\/routes\//);
  });
});
