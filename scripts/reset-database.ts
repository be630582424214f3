// Deletes the embedded database folder so the next `npm start` migrates and seeds afresh.
// Refuses to touch a PostgreSQL server: use your own tools there, deliberately.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config';

const config = loadConfig();
if (config.database.kind === 'postgres') {
  console.error(
    'DATABASE_URL is set: db:reset only deletes the embedded database. Nothing was changed.',
  );
  process.exit(1);
}
const dir = resolve(config.database.dataDir ?? '.data');
rmSync(dir, { recursive: true, force: true });
console.log(`Deleted ${dir}. The next start creates and seeds a new database.`);
