import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import {
  ScratchCluster,
  scratchPostgresUnavailable,
  type ScratchClusterInfo,
} from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server (node <bundle>), as production runs it. */
    serverBundle: string;
    /** The one scratch PostgreSQL of the battery, or null where none can be made here. */
    scratchCluster: ScratchClusterInfo | null;
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

export default async function setup(project: TestProject) {
  const cleanups: (() => void | Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    project.provide('serverBundle', serverBundle(cleanups));
    // One cluster for every file (they run one at a time): initdb and a cold start once.
    if (scratchPostgresUnavailable()) {
      project.provide('scratchCluster', null);
    } else {
      const cluster = await ScratchCluster.create();
      cleanups.push(() => cluster.destroy());
      project.provide('scratchCluster', cluster.info);
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * The multi-process tests start the built server, as production does. HARDENING_SERVER_BUNDLE
 * names a bundle that is built already: CI's `npm run build` output (dist/server/main.js), or a
 * deliberately broken one. Without it the server is built into a temporary folder, never dist/
 * (a running server or another build may be using that).
 */
function serverBundle(cleanups: (() => void)[]): string {
  const prebuilt = process.env.HARDENING_SERVER_BUNDLE;
  if (prebuilt) {
    if (!existsSync(prebuilt)) throw new Error(`HARDENING_SERVER_BUNDLE: no such file ${prebuilt}`);
    return resolve(prebuilt);
  }
  const dir = mkdtempSync(join(tmpdir(), 'carlink-hardening-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // The bundle leaves its dependencies external; they resolve through a node_modules beside it.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    env: { ...process.env, BUILD_SERVER_OUTDIR: join(dir, 'server') },
    stdio: 'pipe',
  });
  return join(dir, 'server', 'main.js');
}
