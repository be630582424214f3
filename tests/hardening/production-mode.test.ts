import { describe, expect, it } from 'vitest';
import { startAppProcess } from './support/app-process';
import { send } from './support/http';

/**
 * The built server in production mode (RUN-11, RUN-4, RUN-12, DOC-9): it refuses the sandboxes
 * and a missing documents key at start in one line, never seeds the demo accounts, and has no sandbox phone.
 */
describe('production mode', () => {
  it('an empty embedded database stays empty: the demo logins do not exist', async () => {
    const app = await startAppProcess({ env: {} });
    for (const demo of [
      { msisdn: '0244000001', password: 'Demo@1234' },
      { msisdn: '0244000000', password: 'Staff@1234' },
    ]) {
      const res = await send(app.url, 'POST', '/api/auth/login', { body: demo });
      expect(res.status, app.output()).toBe(401);
    }
    const cars = await send(app.url, 'GET', '/api/get/cars');
    expect(JSON.parse(cars.body).all_cars).toEqual([]);
    const sandbox = await send(app.url, 'GET', '/api/sandbox/sms?to=0244000001');
    expect(sandbox.status).toBe(404);
  });

  it.each([
    [{ SMS_PROVIDER: 'sandbox' }, /SMS_PROVIDER: the sandbox is refused in production/],
    [{ PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the sandbox is refused in production/],
    [{ ARKESEL_API_KEY: '' }, /ARKESEL_API_KEY/],
    // DOC-9: no ID document is stored unencrypted in production.
    [{ DOCUMENTS_KEY: '' }, /DOCUMENTS_KEY: required in production/],
  ])('refuses to start with %j, in one line', async (env, reason) => {
    const failure = await startAppProcess({ env, readyTimeoutMs: 20_000 }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).not.toBeNull();
    const printed = failure!.split('\n').slice(1).join('\n').trim();
    expect(printed).toMatch(reason);
    expect(printed.split('\n')).toHaveLength(1);
  });
});
