import { request, type FullConfig } from '@playwright/test';
import { uniquePhoneNumber, type Renter } from './auth';

/** A renter registered before the run, with when: see `recoveryRenter()`. */
interface PreparedRenter extends Renter {
  registeredAt: number;
}

/**
 * Runs once, after the servers are up and before any test. The password recovery journey
 * (phone-account.spec.ts) needs a renter whose first code is over a minute old: a number gets
 * a code at most once a minute (LIMIT-9) and registering sends one. Registered in the test, that
 * minute was spent waiting; registered here, it has passed by the time the journey runs.
 */
export default async function globalSetup(config: FullConfig) {
  const context = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  try {
    const renter: Renter = {
      name: 'Efua Sam',
      msisdn: uniquePhoneNumber(),
      password: 'Akwaaba@2026',
    };
    const registered = await context.post('/api/auth/register', { data: renter });
    if (registered.status() !== 201)
      throw new Error(
        `registering the recovery renter: ${registered.status()} ${await registered.text()}`,
      );
    const prepared: PreparedRenter = { ...renter, registeredAt: Date.now() };
    // Workers start after this and inherit the runner's environment.
    process.env.E2E_RECOVERY_RENTER = JSON.stringify(prepared);
  } finally {
    await context.dispose();
  }
}

/** The renter registered by the global setup, if this run has one. */
export function recoveryRenter(): PreparedRenter | undefined {
  const json = process.env.E2E_RECOVERY_RENTER;
  return json ? (JSON.parse(json) as PreparedRenter) : undefined;
}
