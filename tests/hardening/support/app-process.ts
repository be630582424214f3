import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { FakeArkesel } from '../../support/fake-arkesel';
import { FakePaystack } from '../../support/fake-paystack';
import { freePort } from './ports';

/** One app process started from the built bundle (`node main.js`), as production runs it. */
export interface AppProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves when the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** What it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Resident memory, from /proc. */
  rssBytes(): number;
  kill(signal?: NodeJS.Signals): void;
}

const started: AppProcess[] = [];
const scratchDirs: string[] = [];

/**
 * Production refuses the sandbox SMS and payment providers (RUN-11), so the processes run
 * with the real Arkesel and Paystack clients pointed at fakes on loopback, started once per
 * test file. A test that needs its own fake passes its own settings in `env`.
 */
let fakes: Promise<{ arkesel: FakeArkesel; paystack: FakePaystack }> | undefined;
const startFakes = () =>
  (fakes ??= Promise.all([new FakeArkesel().start(), new FakePaystack().start()]).then(
    ([arkesel, paystack]) => ({ arkesel, paystack }),
  ));

afterAll(async () => {
  for (const app of started) if (app.alive()) app.kill('SIGKILL');
  await Promise.all(started.map((app) => app.exited));
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
  if (fakes) {
    const { arkesel, paystack } = await fakes;
    await Promise.all([arkesel.stop(), paystack.stop()]);
  }
});

/** A folder for DATA_DIR and uploads, removed after the file. */
export function scratchDir(prefix = 'carlink-app-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

export async function startAppProcess(options: {
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
}): Promise<AppProcess> {
  const port = options.port ?? (await freePort('app'));
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.env.DATA_DIR ?? scratchDir();
  const { arkesel, paystack } = await startFakes();
  // Only what the server needs: the test runner's own variables stay out.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PAYMENT_RECONCILE_SECONDS: '0',
    SMS_PROVIDER: 'arkesel',
    ARKESEL_API_KEY: arkesel.apiKey,
    ARKESEL_SENDER_ID: 'CarLink',
    ARKESEL_BASE_URL: arkesel.url,
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    // DOC-9: production refuses to start without the documents' key.
    DOCUMENTS_KEY: 'aGFyZGVuaW5nLXRlc3RzLWRvY3VtZW50cy1rZXktMzI=',
    ...options.env,
  };
  const child = spawn(process.execPath, [inject('serverBundle')], {
    env,
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const app: AppProcess = {
    port,
    url,
    pid: child.pid!,
    child,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    rssBytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    kill: (signal = 'SIGTERM') => void child.kill(signal),
  };
  started.push(app);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (!app.alive())
      throw new Error(`the app process on port ${port} ended while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return app;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      app.kill('SIGKILL');
      throw new Error(`the app process on port ${port} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
