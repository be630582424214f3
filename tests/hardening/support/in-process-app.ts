import type { FastifySchema, RouteOptions } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../../src/server/app';
import { insertUser } from '../../../src/server/db/factories';
import { insertSession } from '../../../src/server/modules/auth/auth.repository';
import { generateAccessToken, hashAccessToken } from '../../../src/server/modules/auth/tokens';
import { openTestDatabase } from '../../support/test-database';

/** One method of one route, as the server registered it. */
export interface Endpoint {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** `METHOD /url`, how rules and failures name it. */
  name: string;
}

/**
 * The app in this process on a fresh embedded database, with the list of every route it
 * registered: tests derive what to check from the server itself, so a new route is covered
 * (or flagged) without anyone remembering to add it.
 */
export async function setupRecordedApp(
  config: Partial<BuildAppOptions['config']> = {},
  webRoot: string | null = null,
) {
  const registered: RouteOptions[] = [];
  const database = await openTestDatabase(inject('dbTemplate'));
  const app = await buildApp({
    config: { env: 'test', publicUrl: 'http://localhost:3000', trustProxy: false, ...config },
    database: database.handle,
    webRoot,
    onRoute: (route) => registered.push(route),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const endpoints = new Map<string, Endpoint>();
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's own copies of GET routes, with the same hooks and handler.
      if (method === 'HEAD') continue;
      const name = `${method} ${route.url}`;
      endpoints.set(name, {
        method,
        url: route.url,
        schema: route.schema as FastifySchema | undefined,
        name,
      });
    }
  }
  return { app, db: app.db, endpoints: [...endpoints.values()] };
}

/** A user with a session, made directly (no login: no password hashing, no login limits). */
export async function userWithToken(
  app: App,
  role: 'renter' | 'staff' = 'renter',
  staff: { staffRole?: 'owner' | 'manager' | 'agent'; branchIds?: number[] } = {},
) {
  const user = await insertUser(app.db, { role, ...staff });
  const token = generateAccessToken();
  await insertSession(app.db, {
    userId: user.id,
    tokenHash: hashAccessToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
