import { join } from 'node:path';
import { z } from 'zod';
import { isSupportedCountry } from 'libphonenumber-js/mobile';
import { parseDocumentsKey } from './modules/documents/document-crypto';
import { DEFAULT_IMAGE_QUEUE, defaultImageWorkers } from './modules/media/image-pool';

/**
 * Configuration is read and validated once at start-up (RUN-3). A bad value stops
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
  /** Renters' document photos (DOC-3): private, never served as static files. */
  DOCUMENTS_DIR: z.string().min(1).optional(),
  /**
   * The AES-256 key document photos are encrypted with (DOC-9): 32 bytes as 64 hex digits or
   * base64. Required in production; otherwise made once and kept in DATA_DIR/documents.key.
   */
  DOCUMENTS_KEY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const key = parseDocumentsKey(v);
      if (!key)
        ctx.addIssue({
          code: 'custom',
          message: 'must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
        });
      return key ?? undefined;
    }),
  /** Days after the renter's last completed trip that their documents are deleted (DOC-10). */
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
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
  /** Who sends the SMS codes (RUN-10): the sandbox phone (default) or Arkesel. */
  SMS_PROVIDER: z.enum(['sandbox', 'arkesel']).default('sandbox'),
  ARKESEL_API_KEY: z.string().min(1).optional(),
  /** What phones show as the sender: letters and digits only, at most 11 (Arkesel's rule). */
  ARKESEL_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,11}$/, { error: 'must be 1 to 11 letters or digits' })
    .optional(),
  ARKESEL_BASE_URL: z.string().url().default('https://sms.arkesel.com'),
  /** How often each process looks for due SMS in the outbox (MSG-2); 0 = only when nudged. */
  SMS_OUTBOX_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** How long a claimed SMS is one process's before another may send it; tests shorten it. */
  SMS_OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The SMS bill (decision 028). The countries whose numbers may register or be texted, as
   * ISO codes separated by commas (LIMIT-16); every other number is refused and never texted.
   */
  SMS_COUNTRIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((c) => isSupportedCountry(c)), {
      error: 'a comma list of ISO country codes such as GH or GH,TG',
    })
    .default(['GH']),
  /** Codes the whole company may send in any hour; past it codes are refused (LIMIT-18). */
  SMS_CODE_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Successful sign-ups an hour from one client address (LIMIT-17); carrier-grade NAT. */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Staff sign-in codes by SMS to one number in an hour (ACCT-23). */
  STAFF_SIGN_IN_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** How often to ask the provider about open payment attempts; 0 turns the reconciler off. */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long a mobile money booking holds the car; BOOK-6 says 15 minutes. Shorter only for tests. */
  PAYMENT_HOLD_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  SEED_DEMO: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  WEB_ROOT: z.string().min(1).optional(),
  /**
   * App processes sharing the port (PERF-8): `npm start` forks this many, after migrating once.
   * More than one needs PostgreSQL (only one process can open an embedded data folder).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Load shedding (plugins/load-shedding.ts): requests one process works on at once; 0 = no limit. */
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(128),
  /** Load shedding: event-loop delay (ms) above which new requests get 503; 0 = not checked. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Uploaded images decoded at once, in worker threads (RUN-20); default one per two cores. */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Uploaded images that may wait for a worker; one more gets 503 (RUN-20). */
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(DEFAULT_IMAGE_QUEUE),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** App processes to run on one port (WEB_CONCURRENCY). */
  processes: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** The built web app to serve; undefined means dist/web. */
  webRoot?: string;
  /** Where staff's car photos are stored (served at /media/uploads). */
  uploadsDir: string;
  /** Where renters' document photos are stored (DOC-3): never under a public folder. */
  documentsDir: string;
  /** DOCUMENTS_KEY (DOC-9); undefined outside production when not set: main.ts uses the key file. */
  documentsKey?: Buffer;
  /** Where the zero-configuration run keeps the key it made (DATA_DIR/documents.key). */
  documentsKeyFile: string;
  /** DOCUMENT_RETENTION_DAYS (DOC-10). */
  documentRetentionDays: number;
  /**
   * The clock's jobs on bookings: no-shows (LIMIT-15) and reminders (MSG-3). On unless false;
   * the API tests turn them off and run them with a clock of their own, so a sweep at the real
   * hour never changes a booking a test is looking at.
   */
  clockJobs?: boolean;
  /** The image workers (RUN-20, PERF-13): how many decode at once, how many may wait. */
  images: { workers: number; queue: number };
  /** Past capacity, refuse with 503 + Retry-After rather than queue (LIMIT-7). */
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
  sms: {
    provider: 'sandbox' | 'arkesel';
    arkeselApiKey?: string;
    arkeselSenderId?: string;
    arkeselBaseUrl: string;
    /** Per request to the provider (default 10 s); tests shorten it. */
    timeoutMs?: number;
    /** The outbox worker's polling period; 0 = only when nudged or drained. */
    outboxPollSeconds?: number;
    /** A claimed message's lease; must be longer than the provider's timeout. */
    outboxLeaseSeconds?: number;
    /** False: this process queues texts but never sends them (benchmarks; default true). */
    outboxWorker?: boolean;
    /** The SMS bill (decision 028); defaults in sms.plugin.ts `defaultSmsBill`. */
    countries?: string[];
    codeBudgetPerHour?: number;
    signupsPerAddressPerHour?: number;
    staffSignInCodesPerHour?: number;
  };
};

/**
 * Problems that make the process refuse to start, each in one line that says what to set
 * (RUN-3, RUN-11). Production never runs on a sandbox: a renter would get no SMS code and
 * a booking would be "paid" by a button.
 */
function providerProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.PAYMENT_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY)
    problems.push('PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack');
  if (e.SMS_PROVIDER === 'arkesel' && !e.ARKESEL_API_KEY)
    problems.push('ARKESEL_API_KEY: required when SMS_PROVIDER=arkesel');
  if (e.SMS_PROVIDER === 'arkesel' && !e.ARKESEL_SENDER_ID)
    problems.push('ARKESEL_SENDER_ID: required when SMS_PROVIDER=arkesel');
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    problems.push(
      'WEB_CONCURRENCY: several processes need DATABASE_URL (only one process can open the embedded database)',
    );
  if (e.NODE_ENV === 'production') {
    if (e.SMS_PROVIDER === 'sandbox')
      problems.push(
        'SMS_PROVIDER: the sandbox is refused in production (set SMS_PROVIDER=arkesel)',
      );
    if (e.PAYMENT_PROVIDER === 'sandbox')
      problems.push(
        'PAYMENT_PROVIDER: the sandbox is refused in production (set PAYMENT_PROVIDER=paystack)',
      );
    if (e.SEED_DEMO) problems.push('SEED_DEMO: demo data is never seeded in production');
    if (!e.DOCUMENTS_KEY)
      problems.push(
        'DOCUMENTS_KEY: required in production to encrypt ID documents (32 bytes: openssl rand -base64 32)',
      );
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    // One line, so that a process manager's log shows the whole reason at a glance.
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const problems = providerProblems(e);
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    processes: e.WEB_CONCURRENCY,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    // Demo data by default, never in production (RUN-4).
    seedDemo: e.SEED_DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webRoot: e.WEB_ROOT,
    // With several processes on one PostgreSQL, point this at a folder they all share.
    uploadsDir: e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads'),
    // Beside the uploads, not inside them: nothing serves this folder as it is.
    documentsDir: e.DOCUMENTS_DIR ?? join(e.DATA_DIR, 'documents'),
    documentsKey: e.DOCUMENTS_KEY,
    documentsKeyFile: join(e.DATA_DIR, 'documents.key'),
    documentRetentionDays: e.DOCUMENT_RETENTION_DAYS,
    images: { workers: e.IMAGE_WORKERS ?? defaultImageWorkers(), queue: e.IMAGE_QUEUE },
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
    sms: {
      provider: e.SMS_PROVIDER,
      arkeselApiKey: e.ARKESEL_API_KEY,
      arkeselSenderId: e.ARKESEL_SENDER_ID,
      arkeselBaseUrl: e.ARKESEL_BASE_URL.replace(/\/$/, ''),
      outboxPollSeconds: e.SMS_OUTBOX_POLL_SECONDS,
      outboxLeaseSeconds: e.SMS_OUTBOX_LEASE_SECONDS,
      countries: e.SMS_COUNTRIES,
      codeBudgetPerHour: e.SMS_CODE_BUDGET_PER_HOUR,
      signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
      staffSignInCodesPerHour: e.STAFF_SIGN_IN_CODES_PER_HOUR,
    },
  };
}
