import underPressure from '@fastify/under-pressure';
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
 * Past capacity a request that waits in a queue only gets slower for everyone behind it, so the
 * process refuses what it cannot do soon with 503 and Retry-After, and keeps the latency of what
 * it admits bounded (LIMIT-7). Two signals: how many requests are in flight (whatever is slow,
 * the database or the CPU, the queue shows up here first: Little's law bounds the wait), and
 * @fastify/under-pressure's event-loop delay (the process itself is starved, e.g. embedded
 * PostgreSQL busy on the main thread).
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(async (app: FastifyInstance, options) => {
  const refuse = () =>
    new HttpError(503, messages.http.unavailable, undefined, {
      'Retry-After': String(options.retryAfterSeconds),
    });

  if (options.maxEventLoopDelayMs > 0) {
    const sampleInterval = 250;
    // Start-up itself blocks the loop (routes compiled, migrations): the first samples would
    // refuse the first requests of a process that is in fact idle. Armed once serving.
    let armed = false;
    app.addHook('onReady', async () => {
      setTimeout(() => (armed = true), 2 * sampleInterval).unref();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval,
      retryAfter: options.retryAfterSeconds,
      // A rejected promise reaches the one error handler, so the body is our `{ message }`.
      pressureHandler: (request, _reply, type, value) => {
        if (!armed || isExempt(request)) return undefined;
        request.log.warn({ type, value }, 'under pressure: request refused');
        return Promise.reject(refuse());
      },
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
