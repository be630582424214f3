// The server under test for `npm run bench`, run as its own process so that the load generator
// (autocannon, in scripts/bench/run.ts) does not steal its CPU. run.ts bundles it as the build
// bundles the server (plain node, no tsx in the process whose memory is measured) and starts
//   node <bundle> pglite [data dir]      (in memory without a data dir)
//   node <bundle> postgres <url>
// It migrates, seeds an empty database with the demo fleet, adds a bare route and a memory
// route, listens on 127.0.0.1 with a free port and prints one JSON line on stdout:
// {"ready":true,"port":…}.
// SIGTERM (or stdin closing: the parent died) closes the app and exits.
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { bookingMessagesSwitch } from '../../src/server/modules/messages/booking-messages';
import { defaultSmsConfig } from '../../src/server/modules/sms/sms.plugin';
import { BARE_ROUTE, MEMORY_ROUTE, type ServerReady } from './common';

async function main() {
  const args = process.argv.slice(2);
  // --no-outbox: bookings queue no SMS (the creation bench's baseline, run.ts).
  if (args.includes('--no-outbox')) bookingMessagesSwitch.enabled = false;
  // --no-outbox-worker: bookings queue their SMS but this process sends none (the write alone).
  const outboxWorker = !args.includes('--no-outbox-worker');
  const [kind, url] = args.filter((a) => !a.startsWith('--'));
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error('usage: server.ts pglite | postgres <url>');
  if (kind === 'postgres' && !url) throw new Error('server.ts postgres needs a database URL');

  const database =
    kind === 'postgres'
      ? await openDatabase({
          kind: 'postgres',
          url: url!,
          poolSize: 20,
          onError: (err) => console.error('bench server: database connection error:', err.message),
        })
      : await openDatabase({ kind: 'pglite', dataDir: url ?? null });
  await database.migrate();
  const seeded = await seedDemoData(database.db);

  const app = await buildApp({
    config: {
      env: 'production',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      sms: { ...defaultSmsConfig, outboxWorker },
    },
    database,
    closeDatabase: true,
    webRoot: null,
    logger: false,
  });
  // Registered before listen (which readies the app): same plugins, hooks and error handler.
  app.get(BARE_ROUTE, { schema: { hide: true } }, async () => ({ ok: true }));
  // PERF-12: where the process's memory is (run.ts reads the resident size from /proc too).
  app.get(MEMORY_ROUTE, { schema: { hide: true } }, async () => process.memoryUsage());

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bench server: no TCP address');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // The parent holds our stdin open; if it dies without signalling us, do not linger.
  process.stdin.on('end', () => void shutdown());
  process.stdin.resume();

  const ready: ServerReady = { ready: true, port: address.port, kind, seeded, pid: process.pid };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error: unknown) => {
  console.error(
    'bench server failed:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exit(1);
});
