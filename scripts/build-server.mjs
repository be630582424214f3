// Bundles the server into dist/server/main.js and copies the SQL migrations beside it
// (db/client.ts finds them at ./migrations relative to the running file).
// BUILD_SERVER_OUTDIR builds elsewhere (the hardening tests build their own copy, so they
// never replace dist/ under a running server).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const outdir = process.env.BUILD_SERVER_OUTDIR || 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  // Dependencies stay in node_modules (PGlite must not be bundled: it loads its WebAssembly and data files from its package).
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${join(outdir, 'main.js')}`);
