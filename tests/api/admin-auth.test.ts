import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertUser } from '../../src/server/db/factories';
import {
  createOrPromoteStaff,
  StaffAccountError,
} from '../../src/server/modules/auth/staff-accounts';
import { routesUnder } from '../support/admin';
import { api, type Method } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

// Every admin route the app has, from the router itself: a route added later is covered
// without anyone remembering to list it here.
const adminRoutes = routesUnder(ctx.app.printRoutes({ commonPrefix: false }), '/api/admin');
const urlOf = (path: string) => path.replace(/:code\b/, 'CL-ABCDEF').replace(/:[a-zA-Z]+/g, '1');
const table = adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const);

describe('who may use /api/admin', () => {
  it('finds the admin routes in the router (and the same ones in the OpenAPI document)', () => {
    expect(adminRoutes.length).toBeGreaterThan(15);
    const documented = Object.entries(
      (ctx.app.swagger() as { paths: Record<string, object> }).paths,
    )
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const routed = adminRoutes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(routed.sort());
  });

  it.each(table)('%s: 401 for a visitor, also with a bad token', async (_name, route) => {
    for (const visitor of [client, client.withToken('not-a-real-token')]) {
      const res = await visitor.request(
        route.method as Method,
        urlOf(route.path),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it.each(table)(
    '%s: 403 for a renter, before the body is even looked at',
    async (_name, route) => {
      const renter = await client.renter();
      const res = await renter.request(
        route.method as Method,
        urlOf(route.path),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : { nonsense: true },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.http.forbidden });
    },
  );

  // One staff member for every route: a sign-in per route (two steps each, ACCT-22) ran into
  // the sign-in code limit per address once the console had more routes than it allows.
  let staffMember: Awaited<ReturnType<typeof client.staff>> | undefined;
  it.each(table)('%s: staff get past the gate', async (_name, route) => {
    const staff = (staffMember ??= await client.staff());
    const res = await staff.request(route.method as Method, urlOf(route.path));
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('npm run staff:create', () => {
  it('creates a staff account who can then use the console', async () => {
    const result = await createOrPromoteStaff(ctx.db, {
      name: 'Kwesi Owusu',
      msisdn: '0245551234',
      password: 'Strong@Pass1',
    });
    expect(result).toMatchObject({ outcome: 'created', msisdn: '233245551234' });
    // Signed in with both steps (ACCT-22): the first sign-in sets up the authenticator.
    const staff = await client.as({ msisdn: '+233 24 555 1234', password: 'Strong@Pass1' });
    const res = await staff.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
  });

  it('promotes an existing renter, keeping their password', async () => {
    const renter = await insertUser(ctx.db);
    const before = await client.post('/api/auth/login', {
      msisdn: renter.msisdn,
      password: renter.password,
    });
    expect(
      (await client.withToken(before.json().access_token).get('/api/admin/dashboard')).statusCode,
    ).toBe(403);

    expect(await createOrPromoteStaff(ctx.db, { msisdn: renter.msisdn })).toMatchObject({
      outcome: 'promoted',
      id: renter.id,
    });
    expect(await createOrPromoteStaff(ctx.db, { msisdn: renter.msisdn })).toMatchObject({
      outcome: 'already_staff',
    });

    const after = await client.as(renter);
    expect((await after.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('refuses a new account with a weak password or no phone number, naming the flag', async () => {
    await expect(
      createOrPromoteStaff(ctx.db, { name: 'Ab', msisdn: '0245559999', password: 'weak' }),
    ).rejects.toThrow(/--name[\s\S]*--password/);
    await expect(createOrPromoteStaff(ctx.db, { name: 'Abena' })).rejects.toBeInstanceOf(
      StaffAccountError,
    );
  });

  // The command itself, as the README shows it, on an embedded database of its own.
  it.skipIf(isPostgres())(
    'runs from the command line and promotes on a second run',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'carlink-staff-cli-'));
      try {
        const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
        delete (env as Record<string, string | undefined>).DATABASE_URL;
        const run = (...args: string[]) =>
          spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-staff.ts', ...args], {
            env,
            encoding: 'utf8',
            timeout: 60_000,
          });
        const created = run(
          '--name',
          'Efua Ansah',
          '--msisdn',
          '0209998877',
          '--password',
          'Staff@2026',
        );
        expect(created.stderr).not.toMatch(/error/i);
        expect(created.stdout).toContain('Created the owner account Efua Ansah (+233209998877).');
        const again = run('--msisdn', '020 999 8877');
        expect(again.stdout).toContain('already staff');
        const bad = run('--name', 'Efua');
        expect(bad.status).toBe(1);
        expect(bad.stderr).toContain('--msisdn');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
