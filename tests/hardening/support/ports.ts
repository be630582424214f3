import { createServer } from 'node:net';

/**
 * Ports for app processes and scratch PostgreSQL clusters. By default the system picks free
 * ones; on a shared machine HARDENING_APP_PORTS / HARDENING_PG_PORTS (e.g. `4223-4229`) keep
 * the tests inside the range they were given.
 */
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

function systemPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function freePort(kind: 'app' | 'postgres'): Promise<number> {
  const range = kind === 'app' ? process.env.HARDENING_APP_PORTS : process.env.HARDENING_PG_PORTS;
  if (!range) {
    for (;;) {
      const port = await systemPort();
      if (!handedOut.has(port)) return (handedOut.add(port), port);
    }
  }
  const [from, to] = range.split('-').map(Number) as [number, number];
  // A port handed out earlier in this file may be free again (its process ended): reuse it last.
  const candidates = Array.from({ length: to - from + 1 }, (_, i) => from + i).sort(
    (a, b) => Number(handedOut.has(a)) - Number(handedOut.has(b)),
  );
  for (const port of candidates) {
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(
    `no free port in ${kind === 'app' ? 'HARDENING_APP_PORTS' : 'HARDENING_PG_PORTS'}=${range}`,
  );
}
