import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupRecordedApp } from './support/in-process-app';

/**
 * Browser security headers (API-8). (The other half, "no CSP violation anywhere in the
 * end-to-end suite", is tests/e2e/support/fixtures.ts: every page of every journey reports
 * securitypolicyviolation events, and any one fails the test.)
 *
 * Shown to catch (deliberately broken variants, run once):
 * - `'unsafe-inline'` added to script-src: "script-src is 'self' only" failed for all five answers;
 * - HSTS switched on from PUBLIC_URL (the rule before this test): sent over plain HTTP and on a
 *   client's own X-Forwarded-Proto, both HSTS tests failed;
 * - an onSend hook reflecting the Origin into Access-Control-Allow-Origin: the CORS test failed.
 */

// A stand-in for the web build: the page shell and one asset are enough to see their headers.
const webRoot = mkdtempSync(join(tmpdir(), 'carlink-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
);
writeFileSync(join(webRoot, 'assets', 'app.js'), 'export {};');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const direct = await setupRecordedApp(
  { publicUrl: 'https://carlink.example', trustProxy: false },
  webRoot,
);
const proxied = await setupRecordedApp(
  { publicUrl: 'https://carlink.example', trustProxy: true },
  webRoot,
);

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const SAMPLES = [
  { what: 'the page shell', url: '/cars' },
  { what: 'a script', url: '/assets/app.js' },
  { what: 'an API answer', url: '/api/get/cars' },
  { what: 'an API error', url: '/api/bookings/history' },
  { what: 'an unknown API path', url: '/api/nothing' },
];

describe('browser security headers (API-8)', () => {
  for (const { what, url } of SAMPLES) {
    it(`${what} (${url}) carries the strict policy`, async () => {
      const res = await direct.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const csp = directives(res.headers['content-security-policy']);
      // No inline script, no eval, no other origin: an injected <script> or onclick= cannot run.
      expect(csp.get('script-src'), "script-src is 'self' only").toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), 'no framing (clickjacking)').toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect([
        'no-referrer',
        'same-origin',
        'strict-origin',
        'strict-origin-when-cross-origin',
      ]).toContain(res.headers['referrer-policy']);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  }

  it('the page shell the app ships has no inline script to allow', () => {
    // The source the web build starts from; the end-to-end suite's CSP listener checks the built pages.
    const html = readFileSync(new URL('../../src/web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes, 'every script comes from a file').toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('sends HSTS only on answers that went out over HTTPS behind the trusted proxy', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/api/get/cars',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const hsts = String(https.headers['strict-transport-security'] ?? '');
    expect(hsts, 'HSTS behind HTTPS').toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)![1]), 'at least 180 days').toBeGreaterThanOrEqual(
      180 * 86_400,
    );

    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/api/get/cars',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security'], 'over plain HTTP').toBeUndefined();
  });

  it("ignores a client's own X-Forwarded-Proto when there is no trusted proxy", async () => {
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/get/cars',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps CORS closed: another origin gets no permission to read or send', async () => {
    const origin = 'https://evil.example';
    const read = await direct.app.inject({
      method: 'GET',
      url: '/api/get/cars',
      headers: { origin },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await direct.app.inject({
      method: 'OPTIONS',
      url: '/api/bookings/create',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
  });
});
