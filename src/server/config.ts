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
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_PUBLIC_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  SEED_DEMO: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  WEB_ROOT: z.string().min(1).optional(),
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
  payments: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey?: string;
    paystackPublicKey?: string;
    paystackBaseUrl: string;
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
    throw new Error('Invalid configuration:\n  PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack');
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
    payments: {
      provider: e.PAYMENT_PROVIDER,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY,
      paystackPublicKey: e.PAYSTACK_PUBLIC_KEY,
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    },
  };
}
