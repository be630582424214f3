import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files whose outcome cannot depend on the database engine, so api-pg does not run
 * them again: payments-contract talks to the fake Paystack only; msisdn-migration opens its own
 * PGlite whatever TEST_DB says; openapi checks the document, routing and the order of checks
 * (auth before validation); errors checks request parsing and error bodies, and its health
 * ping on PostgreSQL is what every hardening server process waits on.
 */
const notEngineSpecific = [
  'tests/api/payments-contract.test.ts',
  'tests/api/msisdn-migration.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/errors.test.ts',
];

/**
 * Projects: pure unit tests, the API tests on embedded PGlite, the same API tests on a real
 * PostgreSQL server (TEST_DATABASE_URL; `npm test` runs them only when it is set), and the
 * hardening battery (tests/hardening/README.md).
 */
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? notEngineSpecific : [])],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue for CPU and slow each other's timing-sensitive races.
    maxWorkers: 2,
    // The files of a worker share its loaded modules: importing the app anew for each file was
    // most of this project's time (import 93 s of 117 s in a CI run). Each file still has its
    // own database and app (setupTestApp), and vi.mock still applies to its own file only.
    isolate: false,
    sequence: { groupOrder: 1 },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        // Web components rendered with Testing Library in a simulated browser.
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
          // Node 26 has a localStorage of its own on the global object, which hides jsdom's (and
          // without --localstorage-file it is undefined): the session store then kept nothing.
          execArgv: ['--no-experimental-webstorage'],
          maxWorkers: 2,
        },
      },
      apiProject('api', 'pglite'),
      apiProject('api-pg', 'postgres'),
      {
        // The reliability and security battery (tests/hardening/README.md): several built server processes on a
        // scratch PostgreSQL it creates (initdb), plus in-process fuzzing and matrices on PGlite.
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts', 'tests/hardening/support/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One file at a time: the load and crash tests measure timings on two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
