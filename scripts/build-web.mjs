// Builds the React app into dist/web with Vite (precompressed assets: vite.config.ts), then
// renders the first paint of the public pages into .vite/prerender.json for the server to put
// in their HTML (src/web/prerender.tsx, src/server/plugins/web-static.ts), and writes
// .vite/routes.json: each route's pattern (src/web/app/routes-manifest.ts) with the chunks its
// page needs, which the server preloads for a URL the pattern matches. The renderer stays in
// .vite/ssr: the server renders /car-details?id= with it, per car.
// BUILD_WEB_OUTDIR builds elsewhere (benchmarks and browser checks of a work in progress
// must not replace dist/ under a running server).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const outDir = resolve(process.env.BUILD_WEB_OUTDIR || 'dist/web');
await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});

// The renderer is bundled whole (no external packages), so it runs from the web build without
// the project's node_modules; asset URLs come out as in the client build (same config, same
// content hashes). A dot folder: the server does not serve it.
const ssrDir = join(outDir, '.vite', 'ssr');
await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: {
    ssr: resolve('src/web/prerender.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
  ssr: { noExternal: true },
});
// ES modules, wherever the build is put (Node would take a .js outside any package as CommonJS).
writeFileSync(join(ssrDir, 'package.json'), '{ "type": "module" }\n');
const { prerenderedPages, prerenderPage, routeAssets } = await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
);
const pages = {};
for (const [path, url] of Object.entries(prerenderedPages)) {
  pages[path] = await prerenderPage(url);
  // The CSP (script-src and style-src 'self') would block these in the page.
  if (/<script|<style|\sstyle="/i.test(pages[path])) {
    throw new Error(`prerendered ${url} has an inline script or style: the CSP blocks them`);
  }
}
writeFileSync(join(outDir, '.vite', 'prerender.json'), `${JSON.stringify(pages, null, 1)}\n`);
const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
writeFileSync(
  join(outDir, '.vite', 'routes.json'),
  `${JSON.stringify(await routeAssets(viteManifest), null, 1)}\n`,
);
console.log(`web built: ${outDir}`);
