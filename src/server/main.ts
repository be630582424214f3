import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { superviseWorkers } from './cluster';
import { loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './demo/seed';
import { loadOrCreateDocumentsKey } from './modules/documents/document-key';

const open = (config: AppConfig) =>
  openDatabase(
    config.database.kind === 'postgres'
      ? {
          kind: 'postgres',
          url: config.database.url,
          onError: (err) => console.error('database connection error:', err.message),
        }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );

/** Migrates and (outside production, when empty) seeds: once, before any process serves. */
async function prepareDatabase(config: AppConfig, database: Awaited<ReturnType<typeof open>>) {
  await database.migrate();
  if (config.seedDemo && (await seedDemoData(database.db))) {
    console.log('Seeded the demo fleet and demo accounts into the empty database.');
  }
}

const where = (config: AppConfig) =>
  config.database.kind === 'postgres'
    ? 'PostgreSQL'
    : `embedded PostgreSQL in ${config.database.dataDir}`;

/** One process that serves: builds the app, listens, and shuts down gracefully (RUN-8). */
async function serve(config: AppConfig, prepared: boolean) {
  if (config.database.kind === 'pglite' && config.database.dataDir) {
    mkdirSync(config.database.dataDir, { recursive: true });
  }
  const database = await open(config);
  if (!prepared) await prepareDatabase(config, database);

  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    logger: { level: config.logLevel },
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
  if (!cluster.isWorker)
    console.log(`CarLink Ghana is running at http://localhost:${config.port} (${where(config)})`);
}

/**
 * WEB_CONCURRENCY > 1 (PERF-8): this process migrates and seeds, then forks that many workers
 * that serve one port; each worker comes back here as `cluster.isWorker` and only serves.
 */
async function main() {
  const loaded = loadConfig();
  // DOC-9: production brings DOCUMENTS_KEY (config.ts refuses to start without it); the
  // zero-configuration run makes one once and keeps it in the data folder, before any fork.
  const config: AppConfig = {
    ...loaded,
    documentsKey: loaded.documentsKey ?? loadOrCreateDocumentsKey(loaded.documentsKeyFile),
  };
  if (cluster.isWorker) return serve(config, true);
  if (config.processes === 1) return serve(config, false);

  const database = await open(config);
  try {
    await prepareDatabase(config, database);
  } finally {
    await database.close();
  }
  await superviseWorkers({
    processes: config.processes,
    onListening: () =>
      console.log(
        `CarLink Ghana is running at http://localhost:${config.port} (${where(config)}, ${config.processes} processes)`,
      ),
  });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
