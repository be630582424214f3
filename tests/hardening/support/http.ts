import http from 'node:http';
import type { PendingSignInResponse } from '../../../src/shared/schemas/auth';
import { currentTotpCode } from '../../../src/server/modules/auth/staff-second-step';

export interface Answer {
  /** 0 when no answer came (the connection failed or was cut). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The network error when status is 0, e.g. ECONNRESET. */
  error?: string;
  startedAt: number;
  endedAt: number;
}

/** Keep-alive connections, as a browser or a reverse proxy would hold them. */
export const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 256 });

const defaultAgent = keepAliveAgent();

/** One HTTP request to a real server; never throws, a failed connection is `status: 0`. */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    headers?: Record<string, string>;
    agent?: http.Agent;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: options.agent ?? defaultAgent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            startedAt,
            endedAt: performance.now(),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({
            status: 0,
            headers: {},
            body: '',
            error: error.code ?? error.message,
            startedAt,
            endedAt: performance.now(),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        status: 0,
        headers: {},
        body: '',
        error: error.code ?? error.message,
        startedAt,
        endedAt: performance.now(),
      }),
    );
    request.end(payload);
  });
}

/**
 * As a well-behaved client does: a 503 (the process shedding load on a busy machine) is
 * tried again after its Retry-After. For tests whose subject is not overload.
 */
export async function sendPatiently(...args: Parameters<typeof send>): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send(...args);
    if (answer.status !== 503 || attempt >= 10) return answer;
    await sleep(Number(answer.headers['retry-after'] ?? 1) * 1000);
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(baseUrl: string, msisdn: string, password: string): Promise<string> {
  let answer = await sendPatiently(baseUrl, 'POST', '/api/auth/login', {
    body: { msisdn, password },
  });
  // A staff account's second step (ACCT-22), as the person would finish it: the first code
  // of the authenticator being set up, or the code the sandbox phone received.
  if (answer.status === 202) {
    const pending = JSON.parse(answer.body) as PendingSignInResponse;
    const code =
      pending.step === 'setup'
        ? currentTotpCode(pending.secret)
        : await sandboxSignInCode(baseUrl, msisdn);
    answer = await sendPatiently(baseUrl, 'POST', '/api/auth/login/code', {
      body: { ticket: pending.ticket, code },
    });
  }
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}

/** The newest sign-in code on the sandbox phone; the outbox hands it over within moments. */
async function sandboxSignInCode(baseUrl: string, msisdn: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const inbox = await send(baseUrl, 'GET', `/api/sandbox/sms?to=${encodeURIComponent(msisdn)}`);
    const { messages } = JSON.parse(inbox.body) as { messages: { body: string }[] };
    const code = /sign-in code is (\d{6})/.exec(messages[0]?.body ?? '')?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no sign-in code on the sandbox phone ${msisdn}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function countBy<T>(items: T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
