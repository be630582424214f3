import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { smsOutbox } from '../../src/server/db/schema/index';
import { FakeArkesel } from '../support/fake-arkesel';
import { startAppProcess, type AppProcess } from './support/app-process';
import { prepareDatabase } from './support/fleet';
import { sleep } from './support/http';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * The SMS outbox across processes (MSG-2): four app processes on one PostgreSQL share 200
 * queued messages through a fake Arkesel that counts what it receives; one process is killed
 * with SIGKILL while its sends are in flight. Every message must reach Arkesel, none lost; a
 * message is received twice only when the killed process's call had already gone out (at most
 * one batch of that process), and every row ends 'sent'.
 *
 * Measured here: 220 received for 200 messages, the 20 twice being the killed process's
 * in-flight batch (the fake counts a send even when its caller has died before the answer).
 * Not yet run against deliberately broken variants.
 */
const unavailable = scratchPostgresUnavailable();
const PROCESSES = 4;
const MESSAGES = 200;
const BATCH = 20;

describe.skipIf(unavailable)(
  `SMS outbox on four processes${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: ScratchCluster;
    const arkesel = new FakeArkesel();
    afterAll(async () => {
      await arkesel.stop().catch(() => undefined);
      await cluster?.release();
    });

    it('sends each of 200 messages, loses none when a process dies mid-send, duplicates at most its batch', async () => {
      await arkesel.start();
      // Slow enough that a batch is in flight when the process is killed.
      arkesel.delayMs = 150;
      cluster = sharedCluster();
      const fleet = await prepareDatabase(cluster, 'outbox', { cars: 0, renters: 0 });
      const apps: AppProcess[] = await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startAppProcess({
            env: {
              DATABASE_URL: fleet.url,
              ARKESEL_API_KEY: arkesel.apiKey,
              ARKESEL_BASE_URL: arkesel.url,
              SMS_OUTBOX_POLL_SECONDS: '0.2',
              SMS_OUTBOX_LEASE_SECONDS: '2',
            },
          }),
        ),
      );

      const handle = await openDatabase({ kind: 'postgres', url: fleet.url });
      try {
        await handle.db.insert(smsOutbox).values(
          Array.from({ length: MESSAGES }, (_, i) => ({
            kind: 'staff_new_booking',
            recipient: '233244000001',
            body: `CarLink test message ${i}`,
          })),
        );

        // Kill one process once sending is under way (its next batch is then in flight).
        const victim = apps[PROCESSES - 1]!;
        const deadline = Date.now() + 60_000;
        while (arkesel.received.length < 30 && Date.now() < deadline) await sleep(10);
        victim.kill('SIGKILL');
        await victim.exited;

        let open = MESSAGES;
        while (Date.now() < deadline) {
          const rows = await handle.db.select({ status: smsOutbox.status }).from(smsOutbox);
          open = rows.filter((r) => r.status !== 'sent').length;
          if (open === 0) break;
          await sleep(200);
        }
        expect(open, 'messages not sent').toBe(0);

        const received = new Map<string, number>();
        for (const m of arkesel.received)
          received.set(m.message, (received.get(m.message) ?? 0) + 1);
        const missing = Array.from(
          { length: MESSAGES },
          (_, i) => `CarLink test message ${i}`,
        ).filter((body) => !received.has(body));
        expect(missing).toEqual([]);
        const duplicated = [...received.values()].filter((n) => n > 1).length;
        expect(duplicated, 'messages received twice').toBeLessThanOrEqual(BATCH);
        expect(Math.max(...received.values())).toBeLessThanOrEqual(2);
        console.log(
          `sms outbox: ${MESSAGES} messages, ${arkesel.received.length} received, ${duplicated} twice (the killed process's in-flight batch)`,
        );
        for (const app of apps.slice(0, -1)) expect(app.alive(), app.output()).toBe(true);
      } finally {
        await handle.close();
      }
    });
  },
);
