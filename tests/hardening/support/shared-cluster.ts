import { inject } from 'vitest';
import { ScratchCluster, scratchPostgresUnavailable } from './postgres-cluster';

/**
 * The battery's scratch PostgreSQL, started once by global-setup.ts (an initdb per file cost
 * seconds each). A file makes its own databases on it and calls `release()` when it is done,
 * which drops them and leaves the server running for the next file.
 */
export function sharedCluster(): ScratchCluster {
  const info = inject('scratchCluster');
  if (!info)
    throw new Error(
      `the global setup started no scratch cluster: ${scratchPostgresUnavailable() ?? 'see tests/hardening/support/global-setup.ts'}`,
    );
  return ScratchCluster.attach(info);
}
