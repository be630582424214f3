import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';

export const promoteUserToStaff = (db: Executor, id: number) =>
  db
    .update(users)
    // Whoever runs the command vouches for the number (ACCT-10).
    .set({
      role: 'staff',
      // `npm run staff:create` makes the company's owner (ROLE-1).
      staffRole: 'owner',
      phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));

/** A new staff account; a phone number already taken fails on the unique constraint. */
export const insertStaffUser = async (
  db: Executor,
  values: { name: string; msisdn: string; passwordHash: string },
) =>
  (
    await db
      .insert(users)
      .values({ ...values, role: 'staff', staffRole: 'owner', phoneVerifiedAt: sql`now()` })
      .returning({ id: users.id })
  )[0]!;
