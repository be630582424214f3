import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';
import { HttpError } from '../http-errors';

export interface LoadSheddingOptions {
  /** Requests one process works on at once; more are refused at once (0: no limit). */
  maxInFlight: number;
  /** Event-loop delay, sampled, above which new requests are refused (0: not checked). */
  maxEventLoopDelayMs: number;
  /** What a refused client is told to wait. */
  retryAfterSeconds: number;
}

/**
 * Never refused nor counted:
 * - the health check: an overloaded process is alive (the proxy must not restart it);
 * - the web app's hashed files: served from memory or disk in microseconds, needing neither
 *   the database nor much CPU, while refusing one breaks a page a renter already has; and on
 *   a slow phone network a download stays in flight for seconds, which would count against
 *   the API's requests.
 */
const isExempt = (request: FastifyRequest) => {
  const route = request.routeOptions.url;
  return route === '/api/health' || (route !== undefined && route.startsWith('/assets/'));
};

/**
 * How late the event loop runs: every `interval` ms, the mean lateness a 10 ms timer saw
 * since the last sample (monitorEventLoopDelay, its resolution taken off), as
 * @fastify/under-pressure measured it. Except for one case (PERF-13): a sample in which that
 * timer never fired twice (a stall that began just after the previous sample) has no mean,
 * and under-pressure read it as an infinite delay, refusing everyone for the next 250 ms after
 * a mere 300 ms stall. Such a sample is how late this sampler itself ran: the stall's length.
 */
export function sampleEventLoopDelay(interval = 250, resolution = 10) {
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  let delayMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    delayMs =
      histogram.count > 0
        ? Math.max(0, histogram.mean / 1e6 - resolution)
        : Math.max(0, now - last - interval);
    last = now;
    histogram.reset();
  }, interval);
  timer.unref();
  return {
    get delayMs() {
      return delayMs;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * Past capacity a request that waits in a queue only gets slower for everyone behind it, so the
 * process refuses what it cannot do soon with 503 and Retry-After, and keeps the latency of what
 * it admits bounded (LIMIT-7). Two signals: how many requests are in flight (whatever is slow,
 * the database or the CPU, the queue shows up here first: Little's law bounds the wait), and
 * the event-loop delay (the process itself is starved, e.g. embedded PostgreSQL busy on the
 * main thread).
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(async (app: FastifyInstance, options) => {
  const refuse = () =>
    new HttpError(503, messages.http.unavailable, undefined, {
      'Retry-After': String(options.retryAfterSeconds),
    });

  if (options.maxEventLoopDelayMs > 0) {
    const sampleInterval = 250;
    const loop = sampleEventLoopDelay(sampleInterval);
    app.addHook('onClose', async () => loop.stop());
    // Start-up itself blocks the loop (routes compiled, migrations): the first samples would
    // refuse the first requests of a process that is in fact idle. Armed once serving.
    let armed = false;
    app.addHook('onReady', async () => {
      setTimeout(() => (armed = true), 2 * sampleInterval).unref();
    });
    app.addHook('onRequest', async (request) => {
      if (!armed || loop.delayMs <= options.maxEventLoopDelayMs || isExempt(request)) return;
      request.log.warn({ eventLoopDelayMs: loop.delayMs }, 'event loop delayed: request refused');
      throw refuse();
    });
  }

  if (options.maxInFlight > 0) {
    let inFlight = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (isExempt(request)) return;
      if (inFlight >= options.maxInFlight) throw refuse();
      inFlight++;
      // 'close' fires however the response ends, also when the client goes away first
      // ('finish', and so onResponse, would not): a lost decrement would shed forever.
      reply.raw.once('close', () => {
        inFlight--;
      });
    });
  }
});
