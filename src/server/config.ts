import { join } from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read and validated once at start-up (ARCHITECTURE.md). A bad value stops
 * the process with a message that names the variable.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  UPLOADS_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_PUBLIC_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  /**
   * The company's mail domain: Paystack requires a payer e-mail, and a renter without one is
   * sent as <msisdn>@this domain (PAY-21).
   */
  PAYSTACK_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { error: 'a mail domain such as carlink.com.gh' })
    .default('carlink.com.gh'),
  /** How often to ask the provider about open payment attempts; 0 turns the reconciler off. */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long a mobile money booking holds the car; PRODUCT.md P3 says 15 minutes. Shorter only for tests. */
  PAYMENT_HOLD_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  SEED_DEMO: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  WEB_ROOT: z.string().min(1).optional(),
  /** Load shedding (plugins/load-shedding.ts): requests one process works on at once; 0 = no limit. */
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(128),
  /** Load shedding: event-loop delay (ms) above which new requests get 503; 0 = not checked. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** The built web app to serve; undefined means dist/web. */
  webRoot?: string;
  /** Where staff's car photos are stored (served at /media/uploads). */
  uploadsDir: string;
  /** Past capacity, refuse with 503 + Retry-After rather than queue (issue 7). */
  loadShedding: { maxInFlight: number; maxEventLoopDelayMs: number; retryAfterSeconds: number };
  payments: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey?: string;
    paystackPublicKey?: string;
    paystackBaseUrl: string;
    /** Payer e-mails for renters without one are <msisdn>@this domain. */
    emailDomain?: string;
    reconcileIntervalSeconds: number;
    /** Per request to the provider (default 10 s); tests shorten it. */
    providerTimeoutMs?: number;
    /** The mobile money hold (default 15 minutes); tests shorten it. */
    holdSeconds?: number;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw new Error(
      'Invalid configuration:\n  PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack',
    );
  }
  const production = e.NODE_ENV === 'production';
  if (production && e.SEED_DEMO) {
    throw new Error('Invalid configuration:\n  SEED_DEMO: demo data is never seeded in production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    // PRODUCT.md P7 and issue 2: demo data by default, never in production.
    seedDemo: e.SEED_DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webRoot: e.WEB_ROOT,
    // With several processes on one PostgreSQL, point this at a folder they all share.
    uploadsDir: e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads'),
    loadShedding: {
      maxInFlight: e.MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: 1,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackPublicKey: e.PAYSTACK_PUBLIC_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
      emailDomain: e.PAYSTACK_EMAIL_DOMAIN.toLowerCase(),
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_SECONDS,
      holdSeconds: e.PAYMENT_HOLD_SECONDS,
    },
  };
}
