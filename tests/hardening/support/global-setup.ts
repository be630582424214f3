import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server (node <bundle>), as production runs it. */
    serverBundle: string;
  }
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The multi-process tests start the built server, as production does. It is built into a
 * temporary folder, never dist/ (a running server or another build may be using that).
 * HARDENING_SERVER_BUNDLE runs an existing bundle instead (e.g. a deliberately broken one).
 */
export default function setup(project: TestProject) {
  const prebuilt = process.env.HARDENING_SERVER_BUNDLE;
  if (prebuilt) {
    if (!existsSync(prebuilt)) throw new Error(`HARDENING_SERVER_BUNDLE: no such file ${prebuilt}`);
    project.provide('serverBundle', resolve(prebuilt));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'carlink-hardening-'));
  // The bundle leaves its dependencies external; they resolve through a node_modules beside it.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    env: { ...process.env, BUILD_SERVER_OUTDIR: join(dir, 'server') },
    stdio: 'pipe',
  });
  project.provide('serverBundle', join(dir, 'server', 'main.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}
