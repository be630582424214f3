import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { HttpError, isDatabaseUnavailable } from './http-errors';

/** Drizzle wraps driver errors: the driver's error is the `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The crash test (tests/hardening/crash-consistency.test.ts) shows these in the wild; here each
// shape is pinned so a refactor cannot quietly turn an outage back into 500s.
describe('isDatabaseUnavailable: outages are 503, not 500 (LIMIT-7)', () => {
  it('a refused connection, as node-postgres reports it', async () => {
    // Broken variant run once: without ECONNREFUSED in the list this failed.
    const client = new pg.Client({
      host: '127.0.0.1',
      port: await closedPort(),
      connectionTimeoutMillis: 2000,
    });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it('the server shutting down, crashing, starting up or full', () => {
    // Broken variant run once: checking only class 08 made this fail.
    expect(
      isDatabaseUnavailable(
        wrapped(pgError('57P01', 'terminating connection due to administrator command')),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(
          pgError('57P02', 'terminating connection because of crash of another server process'),
        ),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(pgError('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
  });

  it("node-postgres's own words for a connection that is gone or cannot be had", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it("every address refused, inside Node's AggregateError", () => {
    // Broken variant run once: without looking into `errors` this failed.
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const error = new AggregateError(
      [refused('::1:5432'), refused('127.0.0.1:5432')],
      'connect failed',
    );
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it("is false for errors that are the request's or the code's fault", () => {
    // Broken variant run once: answering true for any error with a SQLSTATE made this fail.
    expect(
      isDatabaseUnavailable(
        wrapped(pgError('23505', 'duplicate key value violates unique constraint')),
      ),
    ).toBe(false);
    expect(
      isDatabaseUnavailable(
        wrapped(pgError('23P01', 'conflicting key value violates exclusion constraint')),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('42P01', 'relation "x" does not exist')))).toBe(
      false,
    );
    expect(
      isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isDatabaseUnavailable(new HttpError(409, 'taken'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
