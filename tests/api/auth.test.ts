import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { authState, sessions, users } from '../../src/server/db/schema/index';
import { insertUser } from '../../src/server/db/factories';
import { hashAccessToken } from '../../src/server/modules/auth/tokens';
import { api, bearer, type Client } from '../support/api';
import { isPostgres, setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

let phoneSeq = 0;
const newPhone = () =>
  `0559${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(3, '0')}`;

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and stores only an argon2id hash', async () => {
    const msisdn = newPhone();
    const res = await client.post('/api/auth/register', {
      name: 'Ama Mensah',
      msisdn,
      password: 'Secret@123',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status_code).toBe('010');
    expect(body.user).toMatchObject({
      name: 'Ama Mensah',
      msisdn: `233${msisdn.slice(1)}`,
      role: 'renter',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The token is stored hashed, never as itself.
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored[0]!.tokenHash).toBe(hashAccessToken(body.access_token));
    expect(stored[0]!.tokenHash).not.toContain(body.access_token);
  });

  it('ignores the form-only fields and any attempt to choose a role', async () => {
    const res = await client.post('/api/auth/register', {
      name: 'Yaw Darko',
      msisdn: newPhone(),
      password: 'Secret@123',
      password_confirmation: 'Secret@123',
      acceptPolicy: true,
      role: 'staff',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('renter');
  });

  it('treats the three ways of writing a number as one account (ACCT-1)', async () => {
    const digits = newPhone().slice(1); // 9 digits after the trunk 0
    const first = await client.post('/api/auth/register', {
      name: 'Efua Owusu',
      msisdn: `0${digits}`,
      password: 'Secret@123',
    });
    expect(first.statusCode).toBe(201);
    const spaced = `+233 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
    for (const msisdn of [`233${digits}`, spaced]) {
      const again = await client.post('/api/auth/register', {
        name: 'Efua Owusu',
        msisdn,
        password: 'Secret@123',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(messages.register.duplicate);
    }
    const login = await client.post('/api/auth/login', { msisdn: spaced, password: 'Secret@123' });
    expect(login.statusCode).toBe(200);
  });

  it('answers 422 with the spec messages for each bad field', async () => {
    const res = await client.post('/api/auth/register', {
      name: 'Al',
      msisdn: '02abc',
      password: 'weakpass',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [messages.register.nameMin],
      msisdn: [messages.register.msisdnDigits],
      password: [messages.register.passwordComplexity],
    });
    const missing = await client.post('/api/auth/register', {});
    expect(missing.json().errors).toMatchObject({
      name: [messages.register.nameRequired],
      msisdn: [messages.register.msisdnRequired],
      password: [messages.register.passwordRequired],
    });
    const long = await client.post('/api/auth/register', {
      name: 'Kofi',
      msisdn: '0244123456789012',
      password: 'Secret@123',
    });
    expect(long.json().errors.msisdn).toEqual([messages.register.msisdnMax]);
  });

  it('gives one of two simultaneous sign-ups with the same number a 409, never a 500', async () => {
    const msisdn = newPhone();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.post('/api/auth/register', { name: 'Kwesi Appiah', msisdn, password: 'Secret@123' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the spec fields with status_code 010 and a 60-minute expiry', async () => {
    const user = await insertUser(ctx.db, { name: 'Akosua Frimpong' });
    const res = await client.post('/api/auth/login', {
      msisdn: user.msisdn,
      password: user.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status_code: '010',
      user: { id: user.id, name: 'Akosua Frimpong', email: null },
    });
    const minutes = (new Date(body.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('gives the same 401 for a wrong password and an unknown number', async () => {
    const user = await insertUser(ctx.db);
    const wrongPassword = await client.post('/api/auth/login', {
      msisdn: user.msisdn,
      password: 'Wrong@123',
    });
    const unknown = await client.post('/api/auth/login', {
      msisdn: '0209999999',
      password: 'Secret@123',
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.login.invalidCredentials });
    }
  });

  it('validates with the login messages of VAL-2', async () => {
    const res = await client.post('/api/auth/login', { msisdn: '12345', password: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      msisdn: [messages.login.msisdnMin],
      password: [messages.login.passwordMin],
    });
  });

  it('locks a number for the address after five failed tries with 429 and Retry-After, and only that number (LIMIT-1)', async () => {
    const victim = await insertUser(ctx.db);
    const bystander = await insertUser(ctx.db);
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post('/api/auth/login', { msisdn: victim.msisdn, password: 'Guess@1234' }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', {
      msisdn: victim.msisdn,
      password: victim.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(
      /Too many attempts for this phone number\. Please try again in \d+ minutes?\./,
    );
    // Same IP, another number: not affected.
    const other = await client.post('/api/auth/login', {
      msisdn: bystander.msisdn,
      password: bystander.password,
    });
    expect(other.statusCode).toBe(200);
  });

  it('lets at most five guesses from one address through even when they arrive at once', async () => {
    const victim = await insertUser(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.post('/api/auth/login', { msisdn: victim.msisdn, password: 'Guess@1234' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the signed-in user', async () => {
    const { user, token } = await client.renter();
    const res = await client.withToken(token).get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('logout revokes the token (with the empty JSON body of ACCT-4)', async () => {
    const { token } = await client.renter();
    // ACCT-4: a JSON content type and an empty body.
    const out = await client.withToken(token).post('/api/auth/logout', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    const after = await client.withToken(token).get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.session.required);
  });

  it('an expired token gets 401 with the spec message', async () => {
    const { user, token } = await client.renter();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await client.withToken(token).get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.session.expired });
  });

  it('no token, a made-up token, or a malformed header: 401', async () => {
    for (const headers of [
      {},
      bearer('nonsense'),
      { authorization: 'Basic abc' },
      bearer('x'.repeat(5000)),
    ]) {
      const res = await client.get('/api/auth/me', { headers });
      expect(res.statusCode).toBe(401);
    }
    const out = await client.post('/api/auth/logout');
    expect(out.statusCode).toBe(401);
  });
});

// Signed-in requests answer from a per-process cache of sign-ins (modules/auth/session-cache.ts).
// Each test uses the token first, so the cache holds it, then changes the database behind the
// app's back, as another process or an operator would: the next request must see the change.
describe('a cached sign-in follows the database at once', () => {
  const me = (who: Client) => who.get('/api/auth/me');

  it('a session expired since its last use: 401 with the expiry message', async () => {
    const renter = await client.renter();
    const { user } = renter;
    expect((await me(renter)).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await me(renter);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.session.expired });
  });

  it('a session revoked elsewhere: 401', async () => {
    const renter = await client.renter();
    const { user } = renter;
    expect((await me(renter)).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await me(renter)).statusCode).toBe(401);
  });

  it('a new name and a new role count from the next request', async () => {
    const renter = await client.renter();
    const { user } = renter;
    expect((await me(renter)).json().user.name).toBe(user.name);
    expect((await renter.get('/api/admin/bookings')).statusCode).toBe(403);

    await ctx.db
      .update(users)
      .set({ name: 'Efua Boateng', role: 'staff', staffRole: 'owner' })
      .where(eq(users.id, user.id));
    expect((await me(renter)).json().user.name).toBe('Efua Boateng');
    expect((await renter.get('/api/admin/bookings')).statusCode).toBe(200);

    await ctx.db
      .update(users)
      .set({ role: 'renter', staffRole: null })
      .where(eq(users.id, user.id));
    expect((await renter.get('/api/admin/bookings')).statusCode).toBe(403);
  });

  it('a version row deleted by hand: a revocation still counts at once', async () => {
    const renter = await client.renter();
    const { user } = renter;
    expect((await me(renter)).statusCode).toBe(200);
    await ctx.db.delete(authState);
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await me(renter)).statusCode).toBe(401);
  });

  it('an update that changes nothing does not empty the caches', async () => {
    const version = async () => (await ctx.db.select().from(authState))[0]?.version;
    await client.renter();
    const before = await version();
    await ctx.db.execute(sql`update sessions set revoked_at = revoked_at`);
    await ctx.db.execute(sql`update users set role = role`);
    expect(await version()).toBe(before);
  });

  it('a session that runs out while cached: 401 with the expiry message', async () => {
    const renter = await client.renter();
    expect((await me(renter)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      const res = await me(renter);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.session.expired });
    } finally {
      vi.useRealTimers();
    }
  });

  it.runIf(isPostgres())(
    'a logout in one process is refused by another that cached the token',
    async () => {
      const other = await ctx.secondApp();
      const renter = await client.renter();
      const elsewhere = api(other).withToken(renter.token);
      expect((await me(elsewhere)).statusCode).toBe(200);
      const out = await renter.post('/api/auth/logout');
      expect(out.statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
    },
  );
});
