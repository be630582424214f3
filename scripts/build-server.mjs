// Bundles the server into dist/server/main.js and copies the SQL migrations beside it
// (db/client.ts finds them at ./migrations relative to the running file).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules (PGlite must not be bundled: ARCHITECTURE.md).
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');
