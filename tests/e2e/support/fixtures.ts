import { test as base, expect } from '@playwright/test';

/**
 * Errors the browser reports while a test runs. Every one fails the test (CONTRIBUTING.md), except
 * those a test says it expects: Chromium logs each 4xx answer as 'Failed to load resource',
 * so a journey that provokes a 401 or 409 on purpose allows exactly that.
 */
export interface BrowserErrors {
  allow(pattern: RegExp): void;
}

/** Chromium's console line for a failed request, e.g. `status of 401 (Unauthorized)`. */
export const failedRequest = (status: number) =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url ? ` (${message.location().url})` : '';
        seen.push(`console.error: ${message.text()}${where}`);
      });
      page.on('pageerror', (error) => seen.push(`uncaught ${error.name}: ${error.message}`));
      // API-8: the strict CSP (script-src 'self', no inline script) must never bite. Each
      // violation the page sees is reported here and fails the test; allow() cannot excuse it.
      // (Shown to catch: an inline <script> added to the built index.html failed every test
      // with "script-src-elem blocked inline at …".)
      const violations: string[] = [];
      await page.exposeFunction('__carlinkCspViolation', (line: string) => violations.push(line));
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as { __carlinkCspViolation(line: string): void })
              .__carlinkCspViolation;
            void report(
              `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
            );
          },
          true,
        );
      });

      await use({ allow: (pattern) => allowed.push(pattern) });

      expect(violations, 'Content Security Policy violations').toEqual([]);

      const unexpected = seen.filter(
        (line) => !allowed.some((pattern) => pattern.test(line.replace(/^console\.error: /, ''))),
      );
      if (unexpected.length)
        await testInfo.attach('browser errors', { body: unexpected.join('\n') });
      expect(unexpected, 'the browser reported errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
