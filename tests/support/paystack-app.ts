import { afterAll } from 'vitest';
import { api } from './api';
import { FakePaystack } from './fake-paystack';
import { setupTestApp } from './test-app';

/**
 * A test app whose mobile money goes through the real Paystack client to a fake Paystack on
 * loopback (decision 006), one fake per file, stopped after it. `providerTimeoutMs`: how long
 * a request to Paystack waits (PAY-23 tests make it short); `prepare` sets the fake up before
 * the app starts (refund mode, passed-on fees).
 */
export async function setupPaystackTestApp({
  providerTimeoutMs,
  prepare,
}: {
  providerTimeoutMs: number;
  prepare?: (paystack: FakePaystack) => void;
}) {
  const paystack = await new FakePaystack().start();
  prepare?.(paystack);
  const ctx = await setupTestApp({
    payments: {
      provider: 'paystack',
      paystackSecretKey: paystack.secretKey,
      paystackBaseUrl: paystack.url,
      emailDomain: 'mail.carlink.test',
      reconcileIntervalSeconds: 0,
      providerTimeoutMs,
    },
  });
  afterAll(() => paystack.stop());
  return { paystack, ctx, client: api(ctx.app) };
}
