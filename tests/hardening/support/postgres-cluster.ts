import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/**
 * A throw-away PostgreSQL server (initdb on a free port). The battery starts one in its global
 * setup and the files take turns on it, each in databases of its own (`sharedCluster()`): they
 * run one at a time, so one file may crash and restart it without touching another's run.
 * PG_BIN names the folder with initdb and pg_ctl; by default the newest
 * /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so as root the cluster
 * belongs to (and runs as) the `postgres` system user.
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

/** What a test file needs to reach (and crash and restart) a cluster another process made. */
export interface ScratchClusterInfo {
  port: number;
  dataDir: string;
  bin: string;
  settings: Record<string, string>;
}

export class ScratchCluster {
  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly bin: string,
  ) {}

  /** The cluster the global setup started, as a test file's worker sees it. */
  static attach(info: ScratchClusterInfo): ScratchCluster {
    const cluster = new ScratchCluster(info.port, info.dataDir, info.bin);
    cluster.settings = info.settings;
    return cluster;
  }

  get info(): ScratchClusterInfo {
    return { port: this.port, dataDir: this.dataDir, bin: this.bin, settings: this.settings };
  }

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

  /** Whether the server is up (pg_ctl status exits 3 when it is not). */
  running(): boolean {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, 'status']);
      return true;
    } catch {
      return false;
    }
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

  private readonly created = new Set<string>();

  /** A new empty database; one left by an earlier try of the same test is dropped first. */
  async createDatabase(name: string) {
    await this.query('postgres', `drop database if exists ${name} with (force)`);
    await this.query('postgres', `create database ${name}`);
    this.created.add(name);
    return this.url(name);
  }

  /**
   * Hands the cluster on to the next file as it found it: running (a crash test that failed
   * between the crash and the restart leaves it down) and without this file's databases.
   */
  async release() {
    if (!this.running()) await this.start();
    for (const name of this.created)
      await this.query('postgres', `drop database if exists ${name} with (force)`);
    this.created.clear();
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
