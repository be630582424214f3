import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import {
  bookings,
  branches,
  smsOutbox,
  staffBranches,
  users,
} from '../../src/server/db/schema/index';
import { insertCar } from '../../src/server/db/factories';
import { queueDueReminders } from '../../src/server/modules/messages/reminder-job';
import { api, day } from '../support/api';
import { isPostgres, setupTestApp, type TestContext } from '../support/test-app';

/**
 * The SMS outbox with the sandbox provider (MSG-1 to MSG-11): what a booking, a payment and a
 * cancellation leave on the sandbox phone once the worker ran, the reminders the reminder job
 * queues from the bookings (run here at the evening or morning it looks ahead from), the
 * reminders a cancellation drops, the staff alert fanned out, delivery reports, and the
 * console's log.
 */
const ctx: TestContext = await setupTestApp();
const client = api(ctx.app);
let offset = 5;

const outboxOf = (bookingId: number) =>
  ctx.db.select().from(smsOutbox).where(eq(smsOutbox.bookingId, bookingId)).orderBy(smsOutbox.id);

/**
 * How many staff accounts a booking's alert goes to (MSG-5): the active owners, and the active
 * managers and agents of its branch.
 */
async function staffToldAbout(bookingId: number) {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const staff = await ctx.db.select().from(users).where(eq(users.role, 'staff'));
  const atBranch = new Set(
    (
      await ctx.db.select().from(staffBranches).where(eq(staffBranches.branchId, row!.branchId))
    ).map((sb) => sb.userId),
  );
  return staff.filter(
    (u) => u.deactivatedAt === null && (u.staffRole === 'owner' || atBranch.has(u.id)),
  ).length;
}

/** The reminder job, as it runs at `time` Accra on `date`. */
const reminderJobAt = (date: string, time: string) =>
  queueDueReminders(ctx.db, new Date(`${date}T${time}:00Z`));

async function book(paymentMethod: 'payOnPickup' | 'mobile_money', days = 2) {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { make: 'Toyota', model: 'Corolla', city: 'Kumasi' });
  const start = day((offset += 4));
  const body = await renter.book(car.id, start, addDays(start, days - 1), {
    payment_method: paymentMethod,
    ...(paymentMethod === 'mobile_money' ? { network: 'mtn' } : {}),
  });
  return { renter, start, ...body };
}

describe('booking messages through the outbox', () => {
  it('a pay-on-pickup booking texts the renter what to bring, where and when, and alerts staff; its reminders come from the job', async () => {
    const staff = await client.staff();
    const { renter, booking, start } = await book('payOnPickup');
    // Queued in the booking's transaction (the news may already be on its way: the worker
    // is nudged once the answer has gone): two rows, whatever the number of staff accounts.
    const queued = await outboxOf(booking.id);
    expect(queued.map((m) => m.kind).sort()).toEqual(['booking_received', 'staff_new_booking']);

    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(booking.booking_code);
    expect(texts[0]).toContain('Ghana Card and driving licence');
    // Where and when: the car's branch (the first, by default) and the pickup time (BOOK-16).
    expect(texts[0]).toContain('at East Legon office');
    expect(texts[0]).toContain('at 09:00');
    const staffTexts = await client.smsInbox(staff.user.msisdn);
    expect(staffTexts.filter((t) => t.includes(booking.booking_code))).toHaveLength(1);
    const after = await outboxOf(booking.id);
    expect(after.find((m) => m.kind === 'booking_received')!.status).toBe('delivered');

    // The job's run at 17:50 the evening before queues the pickup reminder for 18:00 (MSG-3);
    // earlier runs, and runs again, queue nothing more.
    const eve = addDays(start, -1);
    expect(await reminderJobAt(addDays(start, -2), '17:50')).toBe(0);
    await reminderJobAt(eve, '17:50');
    const again = await reminderJobAt(eve, '17:55');
    const reminders = (await outboxOf(booking.id)).filter((m) => m.kind.endsWith('_reminder'));
    expect(reminders.map((m) => [m.kind, m.status, m.dueAt.toISOString()])).toEqual([
      ['pickup_reminder', 'queued', `${eve}T18:00:00.000Z`],
    ]);
    expect(again).toBe(0);
    expect(reminders[0]!.body).toContain(booking.booking_code);
    expect(reminders[0]!.recipient).toBe(renter.user.msisdn);
    // The morning of the return, the return reminder.
    await reminderJobAt(addDays(start, 1), '06:50');
    const returns = (await outboxOf(booking.id)).filter((m) => m.kind === 'return_reminder');
    expect(returns.map((m) => m.dueAt.toISOString())).toEqual([
      `${addDays(start, 1)}T07:00:00.000Z`,
    ]);
  });

  it('a staff alert is one row at booking time and one text for each staff account when sent', async () => {
    const first = await client.staff();
    const second = await client.staff();
    const { booking } = await book('payOnPickup');
    const alertsOf = async () =>
      (await outboxOf(booking.id)).filter((m) => m.kind === 'staff_new_booking');
    const [queued] = await alertsOf();
    expect(queued).toMatchObject({ recipient: 'staff', userId: null });
    // On PostgreSQL two app instances send at once, as two processes would (MSG-2).
    const apps = isPostgres() ? [ctx.app, await ctx.secondApp()] : [ctx.app];
    await Promise.all(apps.map((app) => app.sms.idle()));
    const staffCount = await staffToldAbout(booking.id);
    const sent = await alertsOf();
    expect(sent).toHaveLength(staffCount);
    expect(new Set(sent.map((m) => m.userId)).size).toBe(staffCount);
    for (const m of sent) expect(m.status).toBe('delivered');
    for (const staff of [first, second])
      expect(
        (await client.smsInbox(staff.user.msisdn)).filter((t) => t.includes(booking.booking_code)),
      ).toHaveLength(1);
  });

  it("a staff alert goes to the owners and the staff of the booking's branch only (MSG-5, ROLE-2)", async () => {
    const all = await ctx.db.select({ id: branches.id }).from(branches).orderBy(branches.id);
    const [here, elsewhere] = [all[0]!.id, all[1]!.id];
    // The staff exist before the booking: its alert is addressed when it is sent.
    const owner = await client.staff({ staffRole: 'owner' });
    const manager = await client.staff({ staffRole: 'manager', branchIds: [here] });
    const agentElsewhere = await client.staff({ staffRole: 'agent', branchIds: [elsewhere] });
    const formerOwner = await client.staff({ staffRole: 'owner' });
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, formerOwner.user.id));
    const car = await insertCar(ctx.db, { branchId: here });
    const renter = await client.renter();
    const start = day((offset += 4));
    const { booking } = await renter.book(car.id, start, addDays(start, 1), {
      payment_method: 'payOnPickup',
    });

    await ctx.app.sms.idle();
    const told = (await outboxOf(booking.id))
      .filter((m) => m.kind === 'staff_new_booking')
      .map((m) => m.userId);
    expect(told).toContain(owner.user.id);
    expect(told).toContain(manager.user.id);
    expect(told).not.toContain(agentElsewhere.user.id);
    expect(told).not.toContain(formerOwner.user.id);
  });

  it('a staff alert whose process died mid-send is fanned out once, before or after its fan-out', async () => {
    await client.staff();
    await client.staff();
    const { booking } = await book('payOnPickup');
    const alertsOf = async () =>
      (await outboxOf(booking.id)).filter((m) => m.kind === 'staff_new_booking');
    const crashed = { status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() - 1000) };
    // Claimed by a process that died before fanning it out.
    await ctx.db
      .update(smsOutbox)
      .set(crashed)
      .where(eq(smsOutbox.id, (await alertsOf())[0]!.id));
    await ctx.app.sms.idle();
    const staffCount = await staffToldAbout(booking.id);
    const fanned = await alertsOf();
    expect(fanned).toHaveLength(staffCount);
    // Claimed again by a process that died after fanning it out: sent again, no new copies.
    await ctx.db
      .update(smsOutbox)
      .set({ ...crashed, attempts: 2 })
      .where(eq(smsOutbox.id, fanned[0]!.id));
    await ctx.app.sms.idle();
    const after = await alertsOf();
    expect(after).toHaveLength(staffCount);
    for (const m of after) expect(m.status).toBe('delivered');
  });

  it('a booking made after 18:00 the evening before gets no "tomorrow" reminder, but its return one', async () => {
    const { booking, start } = await book('payOnPickup');
    // As if it had been made at 18:30 the evening before its pickup.
    const eve = addDays(start, -1);
    await ctx.db
      .update(bookings)
      .set({ updatedAt: new Date(`${eve}T18:30:00Z`) })
      .where(eq(bookings.id, booking.id));
    expect(await reminderJobAt(eve, '18:35')).toBe(0);
    await reminderJobAt(addDays(start, 1), '06:50');
    const reminders = (await outboxOf(booking.id)).filter((m) => m.kind.endsWith('_reminder'));
    expect(reminders.map((m) => m.kind)).toEqual(['return_reminder']);
  });

  it('a booking made a moment before 18:00, after the run that looked ahead, still gets its reminder', async () => {
    const { booking, start } = await book('payOnPickup');
    const eve = addDays(start, -1);
    await ctx.db
      .update(bookings)
      .set({ updatedAt: new Date(`${eve}T17:58:00Z`) })
      .where(eq(bookings.id, booking.id));
    // The 18:00 run (its slot starts a moment after 18:00).
    expect(await reminderJobAt(eve, '18:01')).toBe(1);
    // An hour late is too late for "tomorrow" (a run missed while the database was down).
    const late = await book('payOnPickup');
    expect(await reminderJobAt(addDays(late.start, -1), '19:01')).toBe(0);
  });

  it('two reminder jobs at once queue each reminder once (MSG-11)', async () => {
    const { booking, start } = await book('payOnPickup');
    const eve = addDays(start, -1);
    // On PostgreSQL a second app instance, as a second process would be.
    const other = isPostgres() ? (await ctx.secondApp()).db : ctx.db;
    const at = new Date(`${eve}T17:50:00Z`);
    const queued = await Promise.all([
      queueDueReminders(ctx.db, at),
      queueDueReminders(other, at),
      queueDueReminders(ctx.db, at),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const reminders = (await outboxOf(booking.id)).filter((m) => m.kind === 'pickup_reminder');
    expect(reminders).toHaveLength(1);
  });

  it('a mobile money payment texts the amount and the reference, and only then alerts staff', async () => {
    await client.staff();
    const { renter, booking, payment } = await book('mobile_money');
    const alerts = async () =>
      (await outboxOf(booking.id)).filter((m) => m.kind === 'staff_new_booking').length;
    expect(await alerts()).toBe(0);
    const approve = await renter.post(`/api/payments/sandbox/${payment.reference}`, {
      decision: 'approve',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const texts = await client.smsInbox(renter.user.msisdn);
    const confirmed = texts.find((t) => t.includes('payment of'));
    expect(confirmed).toContain(booking.booking_code);
    expect(confirmed).toContain(payment.reference);
    expect(confirmed).toMatch(/GHS [\d,]+\.\d\d/);
    expect(await alerts()).toBeGreaterThan(0);
  });

  it('a declined payment texts that the dates were released', async () => {
    const { renter, booking, payment } = await book('mobile_money');
    await renter.post(`/api/payments/sandbox/${payment.reference}`, { decision: 'decline' });
    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts.find((t) => t.includes('did not go through'))).toContain(booking.booking_code);
    expect(texts.find((t) => t.includes('did not go through'))).toContain('released');
  });

  it('a cancellation texts the renter and drops the reminders; the job queues none after it', async () => {
    const { renter, booking, start } = await book('payOnPickup');
    const eve = addDays(start, -1);
    // Queued by the run that looked ahead, then the booking is cancelled before 18:00.
    await reminderJobAt(eve, '17:50');
    const res = await renter.post(`/api/bookings/${booking.booking_code}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts[0]).toContain(`booking ${booking.booking_code}`);
    expect(texts[0]).toContain('is cancelled');
    expect(await reminderJobAt(eve, '17:55')).toBe(0);
    expect(await reminderJobAt(addDays(start, 1), '06:50')).toBe(0);
    const rows = (await outboxOf(booking.id)).filter((m) => m.kind.endsWith('_reminder'));
    expect(rows.map((m) => [m.kind, m.status])).toEqual([['pickup_reminder', 'cancelled']]);
  });

  it('reminders a renter turned off are not queued, nor sent if queued before; booking news still is', async () => {
    const { renter, booking, start } = await book('payOnPickup');
    const eve = addDays(start, -1);
    await reminderJobAt(eve, '17:50');
    await renter.patch('/api/auth/me', { sms_reminders: false });
    // The evening before has come.
    await ctx.db
      .update(smsOutbox)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(and(eq(smsOutbox.bookingId, booking.id), eq(smsOutbox.kind, 'pickup_reminder')));
    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('received');
    // The morning of the return: off, so not queued at all.
    expect(await reminderJobAt(addDays(start, 1), '06:50')).toBe(0);
    const rows = (await outboxOf(booking.id)).filter((m) => m.kind.endsWith('_reminder'));
    expect(rows.map((m) => [m.kind, m.status])).toEqual([['pickup_reminder', 'cancelled']]);
  });

  it('a message whose process died mid-send is sent once its lease has run out', async () => {
    const { renter, booking, start } = await book('payOnPickup');
    await reminderJobAt(addDays(start, -1), '17:50');
    await reminderJobAt(addDays(start, 1), '06:50');
    await ctx.app.sms.idle();
    const before = (await client.smsInbox(renter.user.msisdn)).length;
    // As a crashed process leaves it: claimed, lease over.
    await ctx.db
      .update(smsOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000), dueAt: new Date() })
      .where(and(eq(smsOutbox.bookingId, booking.id), eq(smsOutbox.kind, 'return_reminder')));
    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts).toHaveLength(before + 1);
    expect(texts[0]).toContain('due back today');
    // A lease still running is left alone.
    await ctx.db
      .update(smsOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() + 60_000), dueAt: new Date() })
      .where(and(eq(smsOutbox.bookingId, booking.id), eq(smsOutbox.kind, 'pickup_reminder')));
    expect(await client.smsInbox(renter.user.msisdn)).toHaveLength(before + 1);
  });
});

describe('delivery reports', () => {
  it('answer 204 for anything and move only a sent message forward', async () => {
    const { booking } = await book('payOnPickup');
    await ctx.app.sms.idle();
    const [received] = (await outboxOf(booking.id)).filter((m) => m.kind === 'booking_received');
    // Pretend the provider has it but has not reported yet.
    await ctx.db
      .update(smsOutbox)
      .set({ status: 'sent', deliveredAt: null })
      .where(eq(smsOutbox.id, received!.id));
    const report = (query: string) => client.get(`/api/sms/delivery-report?${query}`);

    for (const q of ['sms_id=nope&status=DELIVERED', 'status=DELIVERED', '', 'sms_id=x'])
      expect((await report(q)).statusCode).toBe(204);
    const unknown = await report('sms_id=unknown-id&status=DELIVERED');
    expect(unknown.body).toBe('');

    expect((await report(`sms_id=${received!.providerId}&status=DELIVERED`)).statusCode).toBe(204);
    let [row] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, received!.id));
    expect(row!.status).toBe('delivered');
    expect(row!.deliveredAt).not.toBeNull();
    // Never backwards.
    await report(`sms_id=${received!.providerId}&status=FAILED`);
    [row] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, received!.id));
    expect(row!.status).toBe('delivered');
  });
});

describe('the console SMS log', () => {
  it("lists a booking's and a customer's messages, failed ones, and resends", async () => {
    const staff = await client.staff();
    const { renter, booking, start } = await book('payOnPickup');
    await reminderJobAt(addDays(start, -1), '17:50');
    await ctx.app.sms.idle();
    const log = await staff.get(`/api/admin/bookings/${booking.booking_code}/sms`);
    expect(log.statusCode, log.body).toBe(200);
    const messages = log.json().messages as {
      id: number;
      kind: string;
      status: string;
      body: string;
      can_resend: boolean;
    }[];
    const received = messages.find((m) => m.kind === 'booking_received')!;
    expect(received).toMatchObject({ status: 'delivered', can_resend: true });
    expect(received.body).toContain(booking.booking_code);

    const customer = await staff.get(`/api/admin/customers/${renter.user.id}/sms`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json().messages.map((m: { id: number }) => m.id)).toContain(received.id);

    await ctx.db.update(smsOutbox).set({ status: 'failed' }).where(eq(smsOutbox.id, received.id));
    const failed = await staff.get('/api/admin/sms/failed?limit=100');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().messages.map((m: { id: number }) => m.id)).toContain(received.id);

    const before = (await client.smsInbox(renter.user.msisdn)).length;
    const resend = await staff.post(`/api/admin/sms/${received.id}/resend`);
    expect(resend.statusCode, resend.body).toBe(201);
    const texts = await client.smsInbox(renter.user.msisdn);
    expect(texts).toHaveLength(before + 1);
    expect(texts[0]).toBe(received.body);

    // A queued reminder is on its way: no resend.
    const reminder = messages.find((m) => m.kind === 'pickup_reminder')!;
    expect(reminder.can_resend).toBe(false);
    const refused = await staff.post(`/api/admin/sms/${reminder.id}/resend`);
    expect(refused.statusCode).toBe(409);
  });

  it('never shows a code', async () => {
    const staff = await client.staff();
    const renter = await client.renter({ phoneVerified: false });
    await renter.post('/api/auth/phone/send-code');
    await ctx.app.sms.idle();
    const res = await staff.get(`/api/admin/customers/${renter.user.id}/sms`);
    const codes = (
      res.json().messages as { kind: string; body: string; can_resend: boolean }[]
    ).filter((m) => m.kind === 'code');
    expect(codes.length).toBeGreaterThan(0);
    for (const m of codes) expect(m).toMatchObject({ body: '', can_resend: false });
    const [row] = await ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.userId, renter.user.id), eq(smsOutbox.kind, 'code')));
    expect(row!.body).toBe('');
  });
});
