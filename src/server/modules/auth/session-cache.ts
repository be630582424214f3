import { eq } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { ChangeVersion } from '../../db/change-version';
import type { Database } from '../../db/client';
import { authState } from '../../db/schema/index';
import type { UserRow } from './auth.repository';
import type { StaffAccess } from './staff-access';

export interface SignIn {
  user: UserRow;
  sessionId: number;
  expiresAt: Date;
  /** Null for a renter; a staff member's role and branches (ROLE-1, ROLE-2). */
  staff: StaffAccess | null;
}

const CHANGE_CHANNEL = 'carlink_auth';
/**
 * Enough for every renter signed in at a busy hour; beyond, the sign-in used least recently
 * goes first (someone still clicking about keeps theirs).
 */
const MAX_ENTRIES = 10_000;

/**
 * Valid sign-ins by token hash, kept in memory so that a signed-in request need not look its
 * token up again. Never stale: triggers bump a version on any change to a session or a user
 * (a logout, an expiry set by hand, a new role or name; migration 0010), and the cache is
 * emptied when the version moves (db/change-version.ts: free when embedded, one read shared
 * by concurrent requests on PostgreSQL). New sign-ins need no bump: nothing cached them yet.
 * Only valid sessions are kept, so made-up tokens cannot fill it.
 */
export class SessionCache {
  private version = -1;
  private readonly entries: LRUCache<string, SignIn>;

  constructor(
    private readonly changes: Pick<ChangeVersion, 'start' | 'current'>,
    maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The cache for this database: its version is auth_state's. */
  static forDatabase(db: Database, pglite: PGlite | null): SessionCache {
    return new SessionCache(
      new ChangeVersion({
        channel: CHANGE_CHANNEL,
        pglite,
        read: async () => {
          const rows = await db
            .select({ version: authState.version })
            .from(authState)
            .where(eq(authState.id, 1));
          return rows[0]?.version ?? null;
        },
      }),
    );
  }

  start() {
    return this.changes.start();
  }

  /**
   * The cached sign-in for `tokenHash`, or what `load` finds (a valid session), remembered
   * unless something changed while it was loading.
   */
  async find(
    tokenHash: string,
    load: () => Promise<SignIn | undefined>,
  ): Promise<SignIn | undefined> {
    const version = await this.changes.current();
    // Unknown (the version row is gone): neither trust nor fill the cache.
    if (version === null) {
      this.entries.clear();
      this.version = -1;
      return load();
    }
    // Any other version than the cache's, newer or (a database restored) older, empties it.
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(tokenHash);
    if (cached) return cached;

    const found = await load();
    // The version was read before the row, so the row is at least that fresh; a change
    // since then has moved this.version on and the row is not kept.
    if (found && this.version === version) this.entries.set(tokenHash, found);
    return found;
  }

  /** Forgets one sign-in at once (a session that turned out expired). */
  forget(tokenHash: string) {
    this.entries.delete(tokenHash);
  }
}
