// Checks the OpenAPI document the server serves with Redocly CLI (redocly.yaml: the recommended
// rules). The app is built in memory on an empty embedded database, as the tests build it; the
// document goes to a temporary file that is removed afterwards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';

const database = await openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
const app = await buildApp({
  // The production address (docs/deployment.md), as the document's `servers` would name it.
  config: { env: 'test', publicUrl: 'https://carlink.com.gh', trustProxy: false },
  database,
  closeDatabase: true,
  webRoot: null,
});
await app.ready();
const document = app.swagger();
await app.close();

const dir = mkdtempSync(join(tmpdir(), 'carlink-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const redocly = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
  const result = spawnSync(
    redocly,
    ['lint', file, '--config', 'redocly.yaml', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
