import type { FastifyServerOptions } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { openTestDatabase, type TestDatabase } from './test-database';

export interface TestContext {
  app: App;
  db: App['db'];
  database: TestDatabase;
  /** Another app instance on the same database, as a second process would be (PostgreSQL). */
  secondApp(): Promise<App>;
}

// The clock's jobs are off: tests run the no-show sweep and the reminders with their own clock.
const testConfig = {
  env: 'test' as const,
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
  clockJobs: false,
};

export interface TestAppOptions {
  /** Payment provider settings (default: the sandbox, no reconciler timer). */
  payments?: AppConfig['payments'];
  /** SMS provider settings (default: the sandbox phone). */
  sms?: AppConfig['sms'];
  /** Logger options, e.g. a stream that captures the log lines (default: no logging). */
  logger?: FastifyServerOptions['logger'];
}

/** A fresh database and app for this test file, closed after it. */
export async function setupTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase(inject('dbTemplate'));
  const config = { ...testConfig, payments: options.payments, sms: options.sms };
  const app = await buildApp({
    config,
    database: database.handle,
    webRoot: null,
    logger: options.logger,
  });
  await app.ready();
  const extra: App[] = [];
  afterAll(async () => {
    for (const a of extra) await a.close();
    await app.close();
    await database.dispose();
  });
  return {
    app,
    db: app.db,
    database,
    async secondApp() {
      if (!database.url) throw new Error('a second app instance needs PostgreSQL');
      const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 20 });
      const second = await buildApp({
        config,
        database: handle,
        closeDatabase: true,
        webRoot: null,
      });
      await second.ready();
      extra.push(second);
      return second;
    },
  };
}

export const isPostgres = () => inject('dbTemplate').kind === 'postgres';
