import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database in .data with demo data', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '.data' });
    expect(config.seedDemo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.payments.provider).toBe('sandbox');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/carlink' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db.internal:5432/carlink',
    });
  });

  it('never seeds demo data in production, and refuses to be told to', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
  });
});
