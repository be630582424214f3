// Creates the first staff account, or promotes an existing user, from the command line:
//   npm run staff:create -- --name "Kwame Asante" --msisdn 0244000000 --password 'Staff@1234'
import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { normalizeMsisdn } from '../src/shared/phone';
import { RegisterInputSchema } from '../src/shared/schemas/auth';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/index';
import { hashPassword } from '../src/server/modules/auth/passwords';

const { values } = parseArgs({
  options: { name: { type: 'string' }, msisdn: { type: 'string' }, password: { type: 'string' } },
});

async function main() {
  if (!values.msisdn) throw new Error('Give --msisdn (and --name and --password for a new account).');
  const config = loadConfig();
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  try {
    await database.migrate();
    const msisdn = normalizeMsisdn(values.msisdn);
    const [existing] = await database.db.select().from(users).where(eq(users.msisdn, msisdn));
    if (existing) {
      await database.db.update(users).set({ role: 'staff', updatedAt: new Date() }).where(eq(users.id, existing.id));
      console.log(`${existing.name} (${msisdn}) is now staff.`);
      return;
    }
    const parsed = RegisterInputSchema.safeParse({ name: values.name, msisdn: values.msisdn, password: values.password });
    if (!parsed.success) {
      const problems = Object.entries(z.flattenError(parsed.error).fieldErrors).map(([f, m]) => `  --${f}: ${m?.[0]}`);
      throw new Error(`Cannot create the account:\n${problems.join('\n')}`);
    }
    await database.db.insert(users).values({
      name: parsed.data.name,
      msisdn,
      role: 'staff',
      passwordHash: await hashPassword(parsed.data.password),
    });
    console.log(`Created staff account ${parsed.data.name} (${msisdn}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
