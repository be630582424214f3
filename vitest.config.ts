import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure unit tests, the API tests on embedded PGlite, and the same API tests on
 * a real PostgreSQL server (TEST_DATABASE_URL). `npm test` runs the last only when it is set.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue for CPU and slow each other's timing-sensitive races.
    maxWorkers: 2,
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
      apiProject('api', 'pglite'),
      apiProject('api-pg', 'postgres'),
    ],
  },
});
