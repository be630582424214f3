import { defineConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end journeys in Chromium against the built app (`npm run build` first; `npm test`
 * does both). Each run starts the real server on its own port with a fresh embedded database
 * and the demo fleet, and throws the database away afterwards.
 *
 * Environment overrides:
 * - E2E_BASE_URL: test an app that is already running (for example a Vite dev server);
 *   no server is started then.
 * - E2E_SERVER_COMMAND: how to start the server (default `node dist/server/main.js`), e.g.
 *   `npx tsx src/server/main.ts` to run it from source.
 * - E2E_WEB_ROOT: the web build to serve (the server's WEB_ROOT; default dist/web).
 * - E2E_PORT: the port for the started server (default 4173).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// The config is evaluated by the runner and again by each worker; workers inherit the
// runner's environment, so only the runner creates (and later removes) the data folder.
if (!externalBaseUrl && !process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'carlink-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // On exit the web server has been stopped already, so nothing is still writing there.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores: a third browser would only queue for CPU and make timings flaky.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium: no browser downloads (there is no network to fetch them from).
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    locale: 'en-GH',
    timezoneId: 'Africa/Accra',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: externalBaseUrl
    ? undefined
    : {
        command: process.env.E2E_SERVER_COMMAND ?? 'node dist/server/main.js',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: process.env.E2E_DATA_DIR!,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
        },
      },
});
