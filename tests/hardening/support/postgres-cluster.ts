import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/**
 * A throw-away PostgreSQL server of the test's own (initdb on a free port), so a test may crash
 * and restart it without touching anyone else's database. PG_BIN names the folder with initdb
 * and pg_ctl; by default the newest /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to (and runs as) the `postgres` system user.
 */
function findBinDir(): string | null {
  if (process.env.PG_BIN)
    return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : null;
}

const isRoot = process.getuid?.() === 0;

function postgresUserIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why no scratch cluster can be made here, or null when one can. */
export function scratchPostgresUnavailable(): string | null {
  if (!findBinDir())
    return 'no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or set PG_BIN';
  if (isRoot && !postgresUserIds())
    return 'running as root and there is no `postgres` user to run PostgreSQL as';
  return null;
}

export class ScratchCluster {
  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly bin: string,
  ) {}

  static async create(settings: Record<string, string> = {}): Promise<ScratchCluster> {
    const bin = findBinDir();
    if (!bin) throw new Error(scratchPostgresUnavailable()!);
    const dataDir = mkdtempSync(join(tmpdir(), 'carlink-pg-'));
    if (isRoot) {
      const ids = postgresUserIds()!;
      chownSync(dataDir, ids.uid, ids.gid);
    }
    const cluster = new ScratchCluster(await freePort('postgres'), dataDir, bin);
    cluster.run('initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    cluster.settings = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dataDir,
      max_connections: '200',
      // Durability as in production: fsync and synchronous commit stay on.
      fsync: 'on',
      synchronous_commit: 'on',
      ...settings,
    };
    await cluster.start();
    return cluster;
  }

  private settings: Record<string, string> = {};

  private run(tool: string, args: string[]) {
    const command = join(this.bin, tool);
    const [file, argv] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    return execFileSync(file, argv, { encoding: 'utf8', stdio: 'pipe', cwd: tmpdir() });
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start() {
    const options = [
      `-p ${this.port}`,
      ...Object.entries(this.settings).map(([k, v]) => `-c ${k}=${v}`),
    ].join(' ');
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      join(this.dataDir, 'server.log'),
      '-o',
      options,
      'start',
    ]);
  }

  /** A crash: every server process is killed at once, nothing is flushed or checkpointed. */
  async crash() {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']);
  }

  async stop() {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', 'stop']);
  }

  log(): string {
    try {
      return readFileSync(join(this.dataDir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async query<T = Record<string, unknown>>(
    database: string,
    text: string,
    values: unknown[] = [],
  ): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async createDatabase(name: string) {
    await this.query('postgres', `create database ${name}`);
    return this.url(name);
  }

  async destroy() {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Not running.
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
