import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
 * - E2E_CHROMIUM: the browser binary (default: Debian's headless shell, else /usr/bin/chromium).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// The config is evaluated by the runner and again by each worker; workers inherit the
// runner's environment, so only the runner creates (and later removes) the data folder.
if (!externalBaseUrl && !process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'carlink-e2e-'));
  const shortHoldDataDir = mkdtempSync(join(tmpdir(), 'carlink-e2e-hold-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SHORT_HOLD_DATA_DIR = shortHoldDataDir;
  // On exit the web servers have been stopped already, so nothing is still writing there.
  process.on('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(shortHoldDataDir, { recursive: true, force: true });
  });
}

/**
 * A second server whose mobile money hold lasts seconds instead of 15 minutes, for the one
 * journey that watches a hold run out (tests/e2e/payments.spec.ts). Only when we start servers.
 */
// The least the server takes (PAYMENT_HOLD_SECONDS, src/server/config.ts): the journey only
// waits for the hold to end.
export const SHORT_HOLD_SECONDS = 5;
const shortHoldPort = port + 1;
if (!externalBaseUrl) process.env.E2E_SHORT_HOLD_URL = `http://127.0.0.1:${shortHoldPort}`;

/**
 * Debian's Chromium (no browser downloads: there is no network to fetch them from). Its old
 * headless shell (Debian package chromium-headless-shell), when installed, is what Playwright
 * itself runs headless tests in: the same Blink without the full browser's UI, and the browser
 * tests took half the time in it here (a page sweep: 2.2 s a route instead of 4.4). E2E_CHROMIUM
 * names another binary.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // After the servers start: a renter whose first code will be old enough for password recovery.
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores: a third browser would only queue for CPU and make timings flaky.
  workers: 2,
  // A whole journey (register, read the code, verify, book, pay) is 20-30 s of real clicks on
  // this 2-core machine with Debian's Chromium 156, whose pages take two to three times the
  // main-thread time they did (docs/performance.md, "The web"): 30 s timed out mid-journey
  // with every step working. Each step still has its own 7 s expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    locale: 'en-GH',
    timezoneId: 'Africa/Accra',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: externalBaseUrl
    ? undefined
    : [
        server(port, process.env.E2E_DATA_DIR!, {}),
        server(shortHoldPort, process.env.E2E_SHORT_HOLD_DATA_DIR!, {
          PAYMENT_HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
        }),
      ],
});

function server(serverPort: number, dataDir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: process.env.E2E_SERVER_COMMAND ?? 'node dist/server/main.js',
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The browser suites share two cores with the build and the test runner: event-loop
      // stalls here are the machine's, not overload, and must not shed the pages under test.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Every suite signs up from 127.0.0.1 into one database: far more than the 20 new
      // accounts an hour one address may make in production (LIMIT-17).
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // Every suite signs the demo staff in, each time with a code by SMS (ACCT-23): far more
      // than the 30 an hour one staff member needs.
      STAFF_SIGN_IN_CODES_PER_HOUR: '1000',
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
      ...env,
    },
  };
}
