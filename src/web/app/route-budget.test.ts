import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { expect, test } from 'vitest';
import { firstLoadScripts, routeAssets, routePages, type ViteManifest } from './route-assets';
import { routeManifest } from './routes-manifest';

/**
 * PAGE-18: every route's first-load JavaScript, gzip, at most this. The same client build as
 * `npm run build` (vite.config.ts), made in memory, so the figure does not depend on what is
 * in dist/ and the test fails on the change that crosses the line. `npm test` builds once and
 * sets WEB_BUILD_DIR=dist/web: the test then weighs that build, made from the same sources in
 * the same run, instead of building again.
 */
const BUDGET_KIB = 110;

/**
 * Routes over the budget today, each held to what it weighs now (KiB, rounded up): none may
 * grow, and one that comes under the budget must leave this list. Empty since the site's own
 * router replaced React Router and the parts a page does not show at first load became chunks
 * of their own (docs/decisions/024-own-router.md): the entry is about 86 KiB, the heaviest
 * page (/booking-details, react-hook-form included) about 108.
 */
const OVER_BUDGET_TODAY: Record<string, number> = {};

const root = resolve(import.meta.dirname, '../../..');

async function clientBuild(): Promise<Map<string, string | Uint8Array>> {
  const built = process.env.WEB_BUILD_DIR;
  return built ? readBuild(resolve(root, built)) : buildInMemory();
}

/** The files of a build on disk by their names in the build (`assets/…`, `.vite/manifest.json`). */
function readBuild(dir: string): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path));
  }
  if (!files.has('.vite/manifest.json')) throw new Error(`WEB_BUILD_DIR: no web build in ${dir}`);
  return files;
}

async function buildInMemory(): Promise<Map<string, string | Uint8Array>> {
  // Vitest runs with NODE_ENV=test, which Vite would compile in (React's development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    mode: 'production',
    configFile: resolve(root, 'vite.config.ts'),
    root: resolve(root, 'src/web'),
    logLevel: 'silent',
    build: { write: false, outDir: resolve(root, 'dist/.route-budget') },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = new Map<string, string | Uint8Array>();
  for (const file of outputs.flatMap((output) => output.output)) {
    files.set(file.fileName, file.type === 'chunk' ? file.code : file.source);
  }
  return files;
}

test(`every route's first-load JavaScript is at most ${BUDGET_KIB} KiB gzip`, async () => {
  const files = await clientBuild();
  const manifest = JSON.parse(String(files.get('.vite/manifest.json'))) as ViteManifest;
  // gzip -9, as the server sends the precompressed copies (vite.config.ts).
  const gzip = (file: string) => {
    const source = files.get(file);
    if (source === undefined) throw new Error(`the build has no ${file}`);
    return gzipSync(source, { level: 9 }).length;
  };

  const rows = routeAssets(await routePages(routeManifest), manifest).map((route) => {
    const scripts = firstLoadScripts(manifest, route);
    const bytes = scripts.reduce((sum, script) => sum + gzip(script), 0);
    return { path: route.path, kib: bytes / 1024, scripts: scripts.length };
  });
  console.log(
    [
      `first-load JavaScript per route (gzip -9; budget ${BUDGET_KIB} KiB)`,
      ...rows.map(
        (row) =>
          `  ${row.path.padEnd(32)} ${row.kib.toFixed(1).padStart(6)} KiB in ${String(row.scripts).padStart(2)} files${row.kib > BUDGET_KIB ? '  over the budget' : ''}`,
      ),
    ].join('\n'),
  );

  expect(rows.length).toBe(routeManifest.length);
  const limitOf = (path: string) => OVER_BUDGET_TODAY[path] ?? BUDGET_KIB;
  expect(
    rows
      .filter((row) => row.kib > limitOf(row.path))
      .map((row) => `${row.path} ${row.kib.toFixed(1)} KiB > ${limitOf(row.path)} KiB`),
    'routes over their limit',
  ).toEqual([]);
  expect(
    rows
      .filter((row) => row.path in OVER_BUDGET_TODAY && row.kib <= BUDGET_KIB)
      .map((row) => row.path),
    'routes now within the budget: take them out of OVER_BUDGET_TODAY',
  ).toEqual([]);
}, 120_000);
