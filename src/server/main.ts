import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';

/** Reads the environment, builds the app, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const logger = { level: config.logLevel };

  if (config.database.kind === 'pglite' && config.database.dataDir) {
    mkdirSync(config.database.dataDir, { recursive: true });
  }
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          onError: (err) => console.error('database connection error:', err.message),
        }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  await database.migrate();
  if (config.seedDemo && (await seedDemoData(database.db))) {
    console.log('Seeded the demo fleet and demo accounts into the empty database.');
  }

  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    logger,
    webRoot: config.webRoot,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL'
      : `embedded PostgreSQL in ${config.database.dataDir}`;
  console.log(`CarLink Ghana is running at http://localhost:${config.port} (${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
