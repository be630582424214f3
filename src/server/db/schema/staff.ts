import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { users } from './users';

/**
 * The branches a manager or an agent works at (ROLE-2). The owner has none listed: they see
 * every branch. Changing a row ends nothing by itself, but bumps the sign-in cache's version
 * (migration 0035) so the next request sees the new branches.
 */
export const staffBranches = pgTable(
  'staff_branches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.branchId] }),
    index('staff_branches_branch_id_idx').on(t.branchId),
  ],
);
