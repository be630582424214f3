import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const arkesel = {
  SMS_PROVIDER: 'arkesel',
  ARKESEL_API_KEY: 'ak_live_secret',
  ARKESEL_SENDER_ID: 'CarLink',
};
const production = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_live_secret',
  DOCUMENTS_KEY: 'a'.repeat(64),
  ...arkesel,
};

describe('loadConfig', () => {
  it('defaults to the embedded database in .data with demo data', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '.data' });
    expect(config.seedDemo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.payments.provider).toBe('sandbox');
  });

  it('keeps document photos beside the uploads, never inside them, unless told where (DOC-3)', () => {
    expect(loadConfig({}).documentsDir).toBe(join('.data', 'documents'));
    expect(loadConfig({ DATA_DIR: '/srv/c' }).documentsDir).toBe(join('/srv/c', 'documents'));
    expect(loadConfig({ DOCUMENTS_DIR: '/srv/private/docs' }).documentsDir).toBe(
      '/srv/private/docs',
    );
    expect(loadConfig({}).documentsDir).not.toContain(loadConfig({}).uploadsDir);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/carlink' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db.internal:5432/carlink',
    });
  });

  it('never seeds demo data in production, and refuses to be told to (RUN-4)', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
  });

  it('defaults to the sandbox SMS provider, and takes Arkesel with its key and sender id', () => {
    expect(loadConfig({}).sms).toEqual({
      provider: 'sandbox',
      arkeselApiKey: undefined,
      arkeselSenderId: undefined,
      arkeselBaseUrl: 'https://sms.arkesel.com',
      outboxPollSeconds: 5,
      outboxLeaseSeconds: 60,
      countries: ['GH'],
      codeBudgetPerHour: 300,
      signupsPerAddressPerHour: 20,
      staffSignInCodesPerHour: 30,
    });
    expect(loadConfig({ ...arkesel, ARKESEL_BASE_URL: 'http://127.0.0.1:9999/' }).sms).toEqual({
      provider: 'arkesel',
      arkeselApiKey: 'ak_live_secret',
      arkeselSenderId: 'CarLink',
      arkeselBaseUrl: 'http://127.0.0.1:9999',
      outboxPollSeconds: 5,
      outboxLeaseSeconds: 60,
      countries: ['GH'],
      codeBudgetPerHour: 300,
      signupsPerAddressPerHour: 20,
      staffSignInCodesPerHour: 30,
    });
  });

  it('reads the SMS outbox timings (MSG-1, MSG-2)', () => {
    expect(
      loadConfig({ SMS_OUTBOX_POLL_SECONDS: '0.2', SMS_OUTBOX_LEASE_SECONDS: '2' }).sms,
    ).toMatchObject({ outboxPollSeconds: 0.2, outboxLeaseSeconds: 2 });
    expect(() => loadConfig({ SMS_OUTBOX_POLL_SECONDS: '-1' })).toThrow(/SMS_OUTBOX_POLL_SECONDS/);
    expect(() => loadConfig({ SMS_OUTBOX_LEASE_SECONDS: '0' })).toThrow(/SMS_OUTBOX_LEASE_SECONDS/);
  });

  it('reads the SMS bill: countries, the hourly code budget, sign-ups per address (RUN-14)', () => {
    expect(
      loadConfig({
        SMS_COUNTRIES: ' gh, TG ,ci',
        SMS_CODE_BUDGET_PER_HOUR: '50',
        SIGNUPS_PER_ADDRESS_PER_HOUR: '5',
      }).sms,
    ).toMatchObject({
      countries: ['GH', 'TG', 'CI'],
      codeBudgetPerHour: 50,
      signupsPerAddressPerHour: 5,
    });
    for (const countries of ['', 'Ghana', 'GH,XX', ','])
      expect(() => loadConfig({ SMS_COUNTRIES: countries }), countries).toThrow(/SMS_COUNTRIES/);
    expect(() => loadConfig({ SMS_CODE_BUDGET_PER_HOUR: '0' })).toThrow(/SMS_CODE_BUDGET_PER_HOUR/);
    expect(() => loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: 'many' })).toThrow(
      /SIGNUPS_PER_ADDRESS_PER_HOUR/,
    );
  });

  it('reads the staff sign-in codes an hour per number (ACCT-23, RUN-19)', () => {
    expect(loadConfig({}).sms).toMatchObject({ staffSignInCodesPerHour: 30 });
    expect(loadConfig({ STAFF_SIGN_IN_CODES_PER_HOUR: '1000' }).sms).toMatchObject({
      staffSignInCodesPerHour: 1000,
    });
    expect(() => loadConfig({ STAFF_SIGN_IN_CODES_PER_HOUR: '0' })).toThrow(
      /STAFF_SIGN_IN_CODES_PER_HOUR/,
    );
  });

  it('checks the Arkesel settings (RUN-10)', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'arkesel', ARKESEL_SENDER_ID: 'CarLink' })).toThrow(
      /ARKESEL_API_KEY: required when SMS_PROVIDER=arkesel/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'arkesel', ARKESEL_API_KEY: 'k' })).toThrow(
      /ARKESEL_SENDER_ID: required/,
    );
    for (const senderId of ['CarLinkGhana1', 'Car-Link', 'Car Link', '']) {
      expect(() => loadConfig({ ...arkesel, ARKESEL_SENDER_ID: senderId }), senderId).toThrow(
        /ARKESEL_SENDER_ID/,
      );
    }
    expect(loadConfig({ ...arkesel, ARKESEL_SENDER_ID: 'CarLinkGhan' }).sms.arkeselSenderId).toBe(
      'CarLinkGhan',
    );
    expect(() => loadConfig({ ...arkesel, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
  });

  it('refuses to start production on a sandbox, in one line that says what to set (RUN-11)', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ ...production, SMS_PROVIDER: 'sandbox' }, /SMS_PROVIDER: the sandbox is refused/],
      [{ ...production, SMS_PROVIDER: undefined }, /SMS_PROVIDER: the sandbox is refused/],
      [{ ...production, PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the sandbox is refused/],
      [{ ...production, PAYMENT_PROVIDER: undefined }, /PAYMENT_PROVIDER: the sandbox is refused/],
      [{ ...production, PAYSTACK_SECRET_KEY: undefined }, /PAYSTACK_SECRET_KEY: required/],
      [{ ...production, ARKESEL_API_KEY: undefined }, /ARKESEL_API_KEY: required/],
      // DOC-9: ID documents are never stored unencrypted in production.
      [{ ...production, DOCUMENTS_KEY: undefined }, /DOCUMENTS_KEY: required in production/],
      [{ ...production, DOCUMENTS_KEY: '' }, /DOCUMENTS_KEY: required in production/],
      [{ NODE_ENV: 'production' }, /SMS_PROVIDER.*PAYMENT_PROVIDER/],
    ];
    for (const [env, message] of cases) {
      let error: Error | undefined;
      try {
        loadConfig(env);
      } catch (e) {
        error = e as Error;
      }
      expect(error?.message, JSON.stringify(env)).toMatch(message);
      expect(error!.message).not.toContain('\n');
      expect(error!.message).not.toContain('ak_live_secret');
      expect(error!.message).not.toContain('sk_live_secret');
    }
    expect(loadConfig(production).env).toBe('production');
  });

  it('allows the sandboxes outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test' })).not.toThrow();
  });

  it('runs WEB_CONCURRENCY processes, several only on PostgreSQL (PERF-8)', () => {
    expect(loadConfig({}).processes).toBe(1);
    const url = 'postgres://u@localhost/db';
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '4' }).processes).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY: several processes need DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '0' })).toThrow(
      /WEB_CONCURRENCY/,
    );
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
  });

  it('reads the documents key and how long documents are kept (DOC-9, DOC-10)', () => {
    const key = 'ab'.repeat(32);
    expect(loadConfig({ DOCUMENTS_KEY: key }).documentsKey).toEqual(Buffer.from(key, 'hex'));
    expect(loadConfig({}).documentsKey).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/srv/c' }).documentsKeyFile).toBe(
      join('/srv/c', 'documents.key'),
    );
    expect(() => loadConfig({ DOCUMENTS_KEY: 'secret' })).toThrow(
      /DOCUMENTS_KEY: must be 32 bytes, as 64 hex digits or base64/,
    );
    expect(() => loadConfig({ DOCUMENTS_KEY: 'secret' })).not.toThrow(/secret/);
    expect(loadConfig({}).documentRetentionDays).toBe(90);
    expect(loadConfig({ DOCUMENT_RETENTION_DAYS: '30' }).documentRetentionDays).toBe(30);
    expect(() => loadConfig({ DOCUMENT_RETENTION_DAYS: '0' })).toThrow(/DOCUMENT_RETENTION_DAYS/);
  });

  it('reads the image workers and their queue (RUN-20)', () => {
    expect(loadConfig({ IMAGE_WORKERS: '3', IMAGE_QUEUE: '0' }).images).toEqual({
      workers: 3,
      queue: 0,
    });
    expect(loadConfig({}).images.queue).toBe(8);
    expect(loadConfig({}).images.workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ IMAGE_WORKERS: '0' })).toThrow(/IMAGE_WORKERS/);
    expect(() => loadConfig({ IMAGE_QUEUE: '-1' })).toThrow(/IMAGE_QUEUE/);
  });
});
