import type { FastifyServerOptions } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/factories';
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

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A renter who is signed in: the row, the password and a fresh access token. */
export async function signedInRenter(
  ctx: TestContext,
  overrides: Parameters<typeof insertUser>[1] = {},
) {
  const user = await insertUser(ctx.db, overrides);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { msisdn: user.msisdn, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const token = response.json().access_token as string;
  return { user, token, headers: bearer(token) };
}

/**
 * The newest code the sandbox phone received on `msisdn`, read the way a tester would: from
 * GET /api/sandbox/sms, once every message sent so far has been handed over.
 */
export async function latestSmsCode(ctx: { app: App }, msisdn: string): Promise<string> {
  await ctx.app.sms.idle();
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`,
  });
  if (res.statusCode !== 200) throw new Error(`sandbox inbox: ${res.statusCode} ${res.body}`);
  const body = (res.json() as { messages: { body: string }[] }).messages[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in the newest message to ${msisdn}: ${body}`);
  return code;
}
