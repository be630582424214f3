import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInAccra } from '../../src/shared/dates';
import { FakePaystack } from '../support/fake-paystack';
import { startAppProcess, type AppProcess } from './support/app-process';
import { prepareDatabase } from './support/fleet';
import { bearer, countBy, login, send } from './support/http';
import { scratchPostgresUnavailable, type ScratchCluster } from './support/postgres-cluster';
import { sharedCluster } from './support/shared-cluster';

/**
 * Webhooks under fire (PAY-6, PAY-10): Paystack retries deliveries, sends them out of order and to
 * whichever process the proxy picks, and anyone can post to the webhook URL. Each event must
 * change state exactly once, forged ones never, and nothing may answer 5xx.
 *
 * Shown to catch (deliberately broken variants, run once):
 * - applyProviderTransaction without its "already settled" checks (the lock-free fast path and
 *   the one under the row lock): duplicates were taken for a second payment of a paid
 *   booking, so attempts went to refund_pending and refunds were asked of Paystack;
 * - the signature compared only when the header is present: the 50 unsigned forgeries
 *   answered 200 and 50 bookings of the "victim" set became paid.
 */
const unavailable = scratchPostgresUnavailable();
const PROCESSES = 4;
const EVENTS = 50;
const DUPLICATES = 10;

/** Fisher–Yates with a fixed seed: a failure replays in the same order. */
function shuffle<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Many at once, but at most `width` in flight, as a provider's delivery workers would. */
async function inBatches<T, R>(
  items: T[],
  width: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await run(items[i]!);
      }
    }),
  );
  return results;
}

const post = async (url: string, body: string, headers: Record<string, string>) => {
  try {
    const response = await fetch(`${url}/api/payments/webhook/paystack`, {
      method: 'POST',
      body,
      headers,
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
};

describe.skipIf(unavailable)(
  `webhooks under fire${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: ScratchCluster;
    let apps: AppProcess[];
    const paystack = new FakePaystack();
    afterAll(async () => {
      await paystack.stop();
      await cluster?.release();
    });

    it(`${EVENTS} events × ${DUPLICATES} deliveries shuffled across ${PROCESSES} processes, plus forgeries: one change per event`, async () => {
      await paystack.start();
      cluster = sharedCluster();
      // 40 renters for 100 bookings: a renter holds at most 3 unpaid ones (LIMIT-13).
      const fleet = await prepareDatabase(cluster, 'hooks', { cars: EVENTS * 2, renters: 40 });
      apps = await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startAppProcess({
            env: {
              DATABASE_URL: fleet.url,
              PAYMENT_PROVIDER: 'paystack',
              PAYSTACK_SECRET_KEY: paystack.secretKey,
              PAYSTACK_BASE_URL: paystack.url,
              // This test is about correctness under duplicates, not load: a busy CI machine's
              // event-loop stalls must not shed the deliveries (overload has its own test).
              MAX_EVENT_LOOP_DELAY_MS: '0',
            },
          }),
        ),
      );
      const tokens = await Promise.all(
        fleet.renters.map((r) => login(apps[0]!.url, r.msisdn, r.password)),
      );

      // 2 × EVENTS mobile money bookings: the first half gets paid by webhook, the second half
      // ("victims") is only ever targeted by forgeries.
      const start = addDays(todayInAccra(), 30);
      const created = await inBatches(fleet.cars, 8, async (car) => {
        const answer = await send(apps[car.id % PROCESSES]!.url, 'POST', '/api/bookings/create', {
          headers: bearer(tokens[car.id % tokens.length]!),
          body: {
            car_id: car.id,
            start_date: start,
            end_date: addDays(start, 1),
            destination: 'Accra',
            destination_type: 1,
            payment_method: 'mobile_money',
            network: 'mtn',
            // A wallet per booking: prompts are limited per wallet number (5 an hour).
            wallet_msisdn: `024${String(1_000_000 + car.id)}`,
          },
        });
        expect(answer.status, answer.body).toBe(201);
        return JSON.parse(answer.body) as {
          booking: { id: number };
          payment: { reference: string };
        };
      });
      const paid = created.slice(0, EVENTS);
      const victims = created.slice(EVENTS);

      const deliveries: { body: string; headers: Record<string, string>; forged: boolean }[] = [];
      for (const { payment } of paid) {
        paystack.settle(payment.reference, 'success');
        const delivery = paystack.webhook('charge.success', paystack.describe(payment.reference));
        for (let i = 0; i < DUPLICATES; i++) deliveries.push({ ...delivery, forged: false });
      }
      for (const { payment } of victims) {
        // The victims' transactions are still unpaid at Paystack; forgers claim otherwise.
        const claim = {
          ...paystack.describe(payment.reference),
          status: 'success',
          paid_at: new Date().toISOString(),
        };
        const wrongKey = paystack.webhook('charge.success', claim, { secret: 'sk_test_forger' });
        deliveries.push({ ...wrongKey, forged: true });
        deliveries.push({
          body: wrongKey.body,
          headers: { 'content-type': 'application/json' },
          forged: true,
        });
        // A genuine signature over different bytes (a replayed signature on an edited body).
        const genuine = paystack.webhook('charge.success', claim);
        deliveries.push({
          body: genuine.body.replace('"success"', '"success" '),
          headers: genuine.headers,
          forged: true,
        });
      }
      const order = shuffle(deliveries);

      const started = performance.now();
      const answers = await inBatches(order, 64, (d) =>
        post(apps[Math.floor(Math.random() * PROCESSES)]!.url, d.body, d.headers),
      );
      const elapsedMs = performance.now() - started;

      // Each delivery was stored and answered first; the work runs after the answer, so wait
      // (a bounded while) until every stored event is processed.
      const openEvents = () =>
        cluster.query<{ n: string }>(
          'hooks',
          'select count(*)::text as n from paystack_events where processed_at is null',
        );
      for (let i = 0; i < 100 && (await openEvents())[0]!.n !== '0'; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const storedEvents = await cluster.query<{ n: string; open: string }>(
        'hooks',
        'select count(*)::text as n, count(*) filter (where processed_at is null)::text as open from paystack_events',
      );

      const genuineStatuses = countBy(
        answers.filter((_, i) => !order[i]!.forged),
        (a) => a.status,
      );
      const forgedStatuses = countBy(
        answers.filter((_, i) => order[i]!.forged),
        (a) => a.status,
      );
      const paidEvents = await cluster.query<{ booking_id: number; n: string }>(
        'hooks',
        `select booking_id, count(*)::text as n from booking_events where type = 'paid' group by booking_id`,
      );
      const statuses = await cluster.query<{ id: number; status: string; payment_status: string }>(
        'hooks',
        'select id, status, payment_status from bookings',
      );
      const byId = new Map(statuses.map((s) => [s.id, s]));
      // Everything else that happened: a duplicate must not write the timeline or move money.
      const eventCounts = await cluster.query<{ type: string; n: string }>(
        'hooks',
        `select type, count(*)::text as n from booking_events group by type order by type`,
      );
      const attemptStatuses = await cluster.query<{ status: string; n: string }>(
        'hooks',
        'select status, count(*)::text as n from payments group by status order by status',
      );
      console.info(
        'webhooks:',
        JSON.stringify({
          deliveries: order.length,
          genuine: genuineStatuses,
          forged: forgedStatuses,
          paidEvents: paidEvents.length,
          elapsedMs: Math.round(elapsedMs),
        }),
      );

      expect(answers.filter((a) => a.status >= 500 || a.status === 0)).toEqual([]);
      expect(genuineStatuses).toEqual({ 200: EVENTS * DUPLICATES });
      expect(forgedStatuses).toEqual({ 401: victims.length * 3 });
      // Exactly one state change per event, on exactly the bookings that were paid.
      expect(paidEvents).toHaveLength(EVENTS);
      expect(paidEvents.every((e) => e.n === '1')).toBe(true);
      for (const { booking } of paid)
        expect(byId.get(booking.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      for (const { booking } of victims)
        expect(byId.get(booking.id)).toMatchObject({
          status: 'pending',
          payment_status: 'pending',
        });
      expect(Object.fromEntries(eventCounts.map((e) => [e.type, Number(e.n)]))).toEqual({
        created: EVENTS * 2,
        payment_started: EVENTS * 2,
        paid: EVENTS,
      });
      expect(Object.fromEntries(attemptStatuses.map((a) => [a.status, Number(a.n)]))).toEqual({
        success: EVENTS,
        pending: EVENTS,
      });
      expect(paystack.refunds).toEqual([]);
      // Duplicates are one stored event each; forgeries are never stored.
      expect(storedEvents[0]).toEqual({ n: String(EVENTS), open: '0' });
      for (const app of apps) expect(app.alive(), app.output()).toBe(true);
    });
  },
);
