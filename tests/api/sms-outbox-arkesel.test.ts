import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../src/server/db/schema/index';
import { buildUser } from '../../src/server/db/factories';
import { parseMsisdn } from '../../src/shared/phone';
import {
  ARKESEL_DELIVERY_STATUSES,
  FakeArkesel,
  type ArkeselDeliveryStatus,
} from '../support/fake-arkesel';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * The outbox against a fake Arkesel that fails (MSG-2): retries with backoff until it
 * answers, gives up after the last try, and takes Arkesel's delivery report (MSG-8).
 * Waiting is simulated by moving a message's due time to now.
 */
const arkesel = await new FakeArkesel().start();
afterAll(() => arkesel.stop());
const ctx = await setupTestApp({
  sms: {
    provider: 'arkesel',
    arkeselApiKey: arkesel.apiKey,
    arkeselSenderId: 'CarLink',
    arkeselBaseUrl: arkesel.url,
    timeoutMs: 500,
    outboxPollSeconds: 0,
  },
});
const client = api(ctx.app);

async function registered() {
  const renter = await client.signUp({ name: 'Kojo Antwi' });
  const userId = renter.body.user.id;
  const row = async () =>
    (await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId)))[0]!;
  /** The retry's time has come. */
  const timePasses = async () => {
    await ctx.db
      .update(smsOutbox)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(smsOutbox.userId, userId));
    await ctx.app.sms.idle();
  };
  return { msisdn: renter.msisdn, row, timePasses };
}

describe('retries', () => {
  it('tries again after about 1 and 5 minutes, then sends; the code is not kept', async () => {
    arkesel.failNext({ kind: 'status', status: 500 });
    arkesel.failNext({ kind: 'status', status: 503 });
    const { msisdn, row, timePasses } = await registered();
    await ctx.app.sms.idle();
    let r = await row();
    expect(r).toMatchObject({ status: 'queued', attempts: 1 });
    // About a minute later, not now.
    const wait = (r.dueAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThan(70);
    await ctx.app.sms.idle();
    expect((await row()).attempts).toBe(1);

    await timePasses();
    r = await row();
    expect(r).toMatchObject({ status: 'queued', attempts: 2 });
    expect((r.dueAt.getTime() - Date.now()) / 1000).toBeGreaterThan(290);

    await timePasses();
    r = await row();
    expect(r).toMatchObject({ status: 'sent', attempts: 3, body: '' });
    const sent = arkesel.accepted.filter((m) => m.recipient === msisdn);
    expect(sent).toHaveLength(1);
    expect(r.providerId).toBe(sent[0]!.id);
    expect(sent[0]!.callbackUrl).toBe('http://localhost:3000/api/sms/delivery-report');

    // Arkesel's report, as its callback sends it.
    const report = await client.get(
      `/api/sms/delivery-report?sms_id=${sent[0]!.id}&status=DELIVERED`,
    );
    expect(report.statusCode).toBe(204);
    expect((await row()).status).toBe('delivered');
  });

  it("gives up with 'failed' after the last try", async () => {
    for (let i = 0; i < 3; i++) arkesel.failNext({ kind: 'status', status: 500 });
    const { row, timePasses } = await registered();
    await ctx.app.sms.idle();
    await timePasses();
    await timePasses();
    // A code is not tried after its 5-minute wait: it would have expired.
    expect(await row()).toMatchObject({ status: 'failed', attempts: 3, body: '' });
  });

  it('gives up at once on a number Arkesel refuses', async () => {
    const msisdn = buildUser().msisdn;
    arkesel.unreachable.add(parseMsisdn(msisdn)!);
    const res = await client.post('/api/auth/register', {
      name: 'Kojo Antwi',
      msisdn,
      password: 'Secret@123',
    });
    await ctx.app.sms.idle();
    const [r] = await ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, res.json().user.id as number));
    expect(r).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe("Arkesel's delivery reports (MSG-8, MSG-13)", () => {
  // Every status Arkesel publishes (the list and its source: tests/support/fake-arkesel.ts).
  const statuses = Object.entries(ARKESEL_DELIVERY_STATUSES) as [
    ArkeselDeliveryStatus,
    'delivered' | 'failed' | 'pending',
  ][];

  it.each(statuses)('%s leaves the text %s', async (status, meaning) => {
    const { msisdn, row } = await registered();
    await ctx.app.sms.idle();
    const sent = arkesel.accepted.find((m) => m.recipient === msisdn)!;
    const report = await client.get(arkesel.deliveryReport(sent.id, status));
    expect(report.statusCode).toBe(204);
    expect(report.body).toBe('');
    const r = await row();
    expect(r.status).toBe(meaning === 'pending' ? 'sent' : meaning);
    if (meaning === 'failed') expect(r.lastError).toContain(status);
  });

  it('shows an undelivered text to staff among the failed ones, with Resend', async () => {
    const staff = await client.staff();
    const renter = await client.signUp({ name: 'Ama Undelivered' });
    const userId = renter.body.user.id;
    await ctx.app.sms.idle();
    // Booking news, not a code: a code is never resent (MSG-10).
    await ctx.db.transaction((tx) =>
      ctx.app.sms.queue(tx, { to: renter.msisdn, body: 'CarLink: test news' }, 'account', userId),
    );
    await ctx.app.sms.idle();
    const sent = arkesel.accepted.find((m) => m.message === 'CarLink: test news')!;
    await client.get(arkesel.deliveryReport(sent.id, 'NOT_DELIVERED'));
    const failed = await staff.get('/api/admin/sms/failed?limit=100');
    const entry = (
      failed.json().messages as {
        id: number;
        body: string;
        can_resend: boolean;
        last_error: string;
      }[]
    ).find((m) => m.body === 'CarLink: test news');
    expect(entry).toMatchObject({ can_resend: true });
    expect(entry!.last_error).toContain('NOT_DELIVERED');
    expect((await staff.post(`/api/admin/sms/${entry!.id}/resend`)).statusCode).toBe(201);
  });
});
