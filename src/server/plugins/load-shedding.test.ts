import Fastify, { type FastifyInstance } from 'fastify';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { loadSheddingPlugin, type LoadSheddingOptions } from './load-shedding';

/**
 * The mechanics behind tests/hardening/overload.test.ts, pinned where they are easy to see:
 * a full process refuses at once, a client that gives up frees its place, a starved event
 * loop refuses, and the health check always answers.
 */
let release: () => void = () => undefined;
let apps: FastifyInstance[] = [];
afterEach(async () => {
  release();
  for (const app of apps) await app.close();
  apps = [];
});

async function makeApp(options: Partial<LoadSheddingOptions>) {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, {
    maxInFlight: 0,
    maxEventLoopDelayMs: 0,
    retryAfterSeconds: 1,
    ...options,
  });
  // Requests to /api/slow wait until the test releases them.
  let waiting: (() => void)[] = [];
  release = () => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  app.get('/api/slow', async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { ok: true };
  });
  app.get('/api/fast', async () => ({ ok: true }));
  app.get('/api/health', async () => ({ status: 'ok' }));
  // As @fastify/static registers each built file (wildcard: false).
  app.get('/assets/index-abc123.js', async () => 'console.log(1)');
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const { port } = app.server.address() as { port: number };
  return { app, port };
}

function get(port: number, path: string) {
  const request = http.get({ host: '127.0.0.1', port, path, agent: false });
  const answer = new Promise<{ status: number; retryAfter?: string; body: string }>(
    (resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body,
          }),
        );
      });
      request.on('error', reject);
    },
  );
  return { request, answer };
}

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

describe('load shedding', () => {
  it('refuses past MAX_IN_FLIGHT at once with 503, Retry-After and our error shape; health still answers', async () => {
    const { port } = await makeApp({ maxInFlight: 2 });
    const first = get(port, '/api/slow');
    const second = get(port, '/api/slow');
    await settle();
    const third = await get(port, '/api/slow').answer;
    expect(third.status).toBe(503);
    expect(third.retryAfter).toBe('1');
    expect(JSON.parse(third.body)).toEqual({ message: expect.any(String) });
    expect((await get(port, '/api/health').answer).status).toBe(200);
    // The page's own scripts still load: refusing them would break a page already shown.
    expect((await get(port, '/assets/index-abc123.js').answer).status).toBe(200);
    release();
    expect((await first.answer).status).toBe(200);
    expect((await second.answer).status).toBe(200);
  });

  it('gives a place back when its client goes away before the answer', async () => {
    // Broken variant run once: counting down on 'finish' (as onResponse would) instead of
    // 'close' left both places taken for good, and this got 503.
    const { port } = await makeApp({ maxInFlight: 2 });
    const gone = [get(port, '/api/slow'), get(port, '/api/slow')];
    for (const g of gone) g.answer.catch(() => undefined);
    await settle();
    for (const g of gone) g.request.destroy();
    await settle();
    release();
    await settle();
    const again = [get(port, '/api/slow'), get(port, '/api/slow')];
    await settle();
    release();
    expect((await again[0]!.answer).status).toBe(200);
    expect((await again[1]!.answer).status).toBe(200);
  });

  it('refuses while the event loop is starved', async () => {
    // Broken variant run once: with maxEventLoopDelay not passed to under-pressure this got 200.
    // (The delay is now sampled by sampleEventLoopDelay in load-shedding.ts.)
    const { app } = await makeApp({ maxEventLoopDelayMs: 20 });
    expect((await app.inject({ method: 'GET', url: '/api/fast' })).statusCode).toBe(200);
    await settle(700);
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      // A synchronous stall, as a runaway computation or a blocking call would make.
    }
    // The delay is sampled every 250 ms: the refusal comes with the first sample after the stall.
    let refused = await app.inject({ method: 'GET', url: '/api/fast' });
    for (let i = 0; i < 30 && refused.statusCode !== 503; i++) {
      await settle(10);
      refused = await app.inject({ method: 'GET', url: '/api/fast' });
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ message: expect.any(String) });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, 'health is exempt').toBe(200);
  });

  it('does not refuse after a stall shorter than the limit (PERF-13)', async () => {
    // A stall of 300 ms (loading a native library, a large photo's copy on a busy machine)
    // is well under the 1 s limit. @fastify/under-pressure read a sampling window in which its
    // 10 ms timer had not fired twice as an infinite delay, and refused every request for the
    // next 250 ms: a stall that starts just after a sample made exactly such a window.
    // Broken variant run (the plugin on under-pressure 9.2): 39 requests got 503.
    const { app } = await makeApp({ maxEventLoopDelayMs: 1000 });
    await settle(700);
    const statuses: number[] = [];
    for (let stall = 0; stall < 6; stall++) {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // A synchronous stall.
      }
      // The sampler's overdue tick runs as the stall ends: the next stall begins just after
      // its following one, whatever its phase. Meanwhile, requests as a polling page sends.
      const next = Date.now() + 252;
      while (Date.now() < next - 20) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/fast' })).statusCode);
        await settle(20);
      }
      await settle(Math.max(0, next - Date.now()));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
