import react from '@vitejs/plugin-react';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset, so the server sends precompressed files
 * (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'carlink-precompress',
    // Not for the build-time renderer (scripts/build-web.mjs): it is run once and thrown away.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    // 'post' order: after Vite has filled in its own placeholders (__VITE_PRELOAD__ …),
    // so the compressed copies match the files they stand for.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file.fileName)) continue;
          const source = file.type === 'chunk' ? file.code : file.source;
          const buffer = Buffer.from(typeof source === 'string' ? source : source);
          if (buffer.length < 1024) continue;
          this.emitFile({
            type: 'asset',
            fileName: `${file.fileName}.br`,
            source: brotliCompressSync(buffer, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
            }),
          });
          this.emitFile({
            type: 'asset',
            fileName: `${file.fileName}.gz`,
            source: gzipSync(buffer, { level: 9 }),
          });
        }
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: {
      polyfill: false,
      // A lazy route's own CSS must load with it (Vite injects it through its preload helper);
      // its JS imports the browser finds itself. Listing every route's JS deps in the entry
      // cost 1.5 KiB (gzip) on every first visit, for a head start only on later navigations,
      // when the shared chunks are mostly loaded already. The first page gets all its chunks
      // from index.html's modulepreload links (src/server/plugins/web-static.ts).
      resolveDependencies: (_filename, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    // The budget script (scripts/bench/web.ts) follows the chunk graph in the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports in one chunk with it: every page downloads all of it
        // anyway, and one file compresses better than several (about 1.7 KiB gzip less per
        // route than Rolldown's own split into react, jsx-runtime, messages… chunks; PAGE-18).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The two helpers that defer a page's code (forms' rules, parts shown later): one
            // chunk of 0.4 KiB rather than two that are mostly each file's own overhead.
            { name: 'lazy-load', test: /\/src\/web\/lib\/lazy-(part|resolver)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': process.env.VITE_API_TARGET ?? 'http://localhost:3000',
      '/media': process.env.VITE_API_TARGET ?? 'http://localhost:3000',
    },
  },
});
