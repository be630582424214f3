import { z } from 'zod';
import { normalizeMsisdn } from '../../../shared/phone';
import { RegisterInputSchema } from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import { findUserByMsisdn } from './auth.repository';
import { hashPassword } from './passwords';
import { insertStaffUser, promoteUserToStaff } from './staff-accounts.repository';

export type StaffAccountResult =
  | { outcome: 'created'; id: number; name: string; msisdn: string }
  | { outcome: 'promoted' | 'already_staff'; id: number; name: string; msisdn: string };

export class StaffAccountError extends Error {}

/**
 * The first staff account (ACCT-9), for `npm run staff:create`: an existing user with
 * that phone number is promoted (their password is kept); otherwise a new staff account is
 * made, with the same rules as sign-up.
 */
export async function createOrPromoteStaff(
  db: Executor,
  input: { name?: string; msisdn?: string; password?: string },
): Promise<StaffAccountResult> {
  if (!input.msisdn)
    throw new StaffAccountError('Give --msisdn (and --name and --password for a new account).');
  const msisdn = normalizeMsisdn(input.msisdn);
  const existing = await findUserByMsisdn(db, msisdn);
  if (existing) {
    if (existing.role === 'staff')
      return { outcome: 'already_staff', id: existing.id, name: existing.name, msisdn };
    await promoteUserToStaff(db, existing.id);
    return { outcome: 'promoted', id: existing.id, name: existing.name, msisdn };
  }
  const parsed = RegisterInputSchema.safeParse({
    name: input.name,
    msisdn: input.msisdn,
    password: input.password,
  });
  if (!parsed.success) {
    const problems = Object.entries(z.flattenError(parsed.error).fieldErrors).map(
      ([f, m]) => `  --${f}: ${m?.[0]}`,
    );
    throw new StaffAccountError(`Cannot create the account:\n${problems.join('\n')}`);
  }
  const row = await insertStaffUser(db, {
    name: parsed.data.name,
    msisdn,
    passwordHash: await hashPassword(parsed.data.password),
  });
  return { outcome: 'created', id: row.id, name: parsed.data.name, msisdn };
}
