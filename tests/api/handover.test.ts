import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handoverMessages } from '../../src/shared/handover';
import type { OwnerDashboard } from '../../src/shared/schemas/console';
import { adminMessages } from '../../src/shared/staff-messages';
import type { HandoverReceipt } from '../../src/shared/schemas/handover';
import {
  bookings,
  customerDocuments,
  handovers,
  payments,
  smsOutbox,
} from '../../src/server/db/schema/index';
import { insertBooking, insertCar } from '../../src/server/db/factories';
import { makeImage } from '../support/admin';
import {
  api,
  cashPaidBooking,
  type Client,
  type SignedIn,
  insertVerifiedDocuments,
  day,
} from '../support/api';
import { setupTestApp } from '../support/test-app';

// HAND-1 to HAND-9: pickup and return records, deposits settled on return, the receipt.

const ctx = await setupTestApp();
const client = api(ctx.app);
const staff = await client.staff();

/** A multipart handover: the record as JSON in "data", photos in "photos". */
const postForm = (who: Client, url: string, data: object, photos: Buffer[] = []) =>
  who.upload(url, [
    { name: 'data', value: JSON.stringify(data) },
    ...photos.map((value, i) => ({
      name: 'photos',
      value,
      filename: `car-${i}.jpg`,
      type: 'image/jpeg',
    })),
  ]);

/** A pay-on-pickup booking from today, cash recorded: ready to be picked up. */
async function paidCashBooking(renter?: SignedIn) {
  const who = renter ?? (await client.renter());
  const { code, car } = await cashPaidBooking(ctx.app, staff, who);
  return { renter: who, code, car };
}

const pickup = { odometer_km: 42_000, fuel_eighths: 8, damage_notes: 'Scratch on the rear bumper' };

/** An active booking that ended yesterday at 09:00 and was picked up 3 days ago. */
async function overdueBooking(pricePerDayPesewas = 300_00) {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas });
  const booking = await insertBooking(ctx.db, {
    userId: renter.user.id,
    carId: car.id,
    pricePerDayPesewas,
    startDate: day(-4),
    endDate: day(-2),
    returnTime: '09:00',
    status: 'active',
    paymentStatus: 'paid',
    paymentMethod: 'payOnPickup',
    depositState: 'held',
  });
  await ctx.db.insert(payments).values({
    bookingId: booking.id,
    provider: 'cash',
    reference: `CASH-${booking.bookingCode}`,
    amountPesewas: booking.totalPesewas,
    status: 'success',
    paidAt: new Date(`${day(-4)}T09:00:00Z`),
  });
  await ctx.db.insert(handovers).values({
    bookingId: booking.id,
    kind: 'pickup',
    at: new Date(`${day(-4)}T09:10:00Z`),
    odometerKm: 10_000,
    fuelEighths: 8,
    staffId: staff.user.id,
    depositPesewas: booking.depositPesewas,
    depositMethod: 'cash',
  });
  return { renter, booking };
}
// Minutes after the overdue booking's return time (two days ago, 09:00 Accra): even a day
// late is in the past whatever the hour the tests run.
const late = (minutes: number) =>
  new Date(Date.parse(`${day(-2)}T09:00:00Z`) + minutes * 60_000).toISOString();

describe('pickup (HAND-1 to HAND-4)', () => {
  it('records documents verified, odometer, fuel, damage, photos and the cash deposit, and makes the booking active', async () => {
    const { renter, code } = await paidCashBooking();
    await insertVerifiedDocuments(ctx.app, renter.user.id);
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 10, g: 80, b: 40 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    const res = await postForm(staff, `/api/admin/bookings/${code}/pick-up`, pickup, [
      photo,
      await makeImage('png'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { message, booking, handover } = res.json() as {
      message: string;
      booking: { status: string; allowed_actions: string[] };
      handover: HandoverReceipt;
    };
    expect(message).toBe(handoverMessages.pickedUp);
    expect(booking).toMatchObject({ status: 'active', allowed_actions: ['return'] });
    expect(handover.deposit_state).toBe('held');
    expect(handover.pickup).toMatchObject({
      odometer_km: 42_000,
      fuel_eighths: 8,
      damage_notes: 'Scratch on the rear bumper',
      documents: 'verified',
      documents_override: null,
      deposit: 200,
      deposit_method: 'cash',
      staff_name: staff.user.name,
    });
    expect(handover.pickup!.photos).toHaveLength(2);
    expect(handover.return).toBeNull();

    // The photo: staff and the renter, resized, without metadata, never cached.
    const url = handover.pickup!.photos[0]!.url;
    for (const who of [staff, renter]) {
      const image = await who.get(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.width).toBe(1600);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses without both documents verified unless staff give the reason (422), and records the override', async () => {
    const { renter, code } = await paidCashBooking();
    await insertVerifiedDocuments(ctx.app, renter.user.id, ['ghana_card']);
    const refused = await staff.post(`/api/admin/bookings/${code}/pick-up`, pickup);
    expect(refused.statusCode).toBe(422);
    // HAND-2: the refusal names what is missing, so staff need not guess.
    const missingLicence =
      'The renter’s driving licence is not uploaded. Check it on the customer’s page, or give the reason for handing over the car anyway.';
    expect(refused.json().message).toBe(missingLicence);
    expect(refused.json().errors.documents_override).toEqual([missingLicence]);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.bookingCode, code));
    expect(row).toMatchObject({ status: 'confirmed', depositState: null });

    const ok = await staff.post(`/api/admin/bookings/${code}/pick-up`, {
      ...pickup,
      documents_override: 'Licence seen on paper; upload pending',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().handover.pickup).toMatchObject({
      documents: 'override',
      documents_override: 'Licence seen on paper; upload pending',
    });
    const events = ok.json().booking.events as { type: string; note: string | null }[];
    expect(events.find((e) => e.type === 'picked_up')!.note).toContain('Licence seen on paper');

    // HAND-9: the reason is staff's own note; the renter's receipt says only that it was given.
    const own = await renter.get(`/api/bookings/${code}/handover`);
    expect(own.json().handover.pickup).toMatchObject({
      documents: 'override',
      documents_override: null,
    });
    expect(own.body).not.toContain('Licence seen on paper');
  });

  it('names each document that is not verified, and how it stands (HAND-2)', async () => {
    const { renter, code } = await paidCashBooking();
    const url = `/api/admin/bookings/${code}/pick-up`;
    const refusal = async () => (await staff.post(url, pickup)).json().message as string;
    expect(await refusal()).toBe(
      'The renter’s Ghana Card is not uploaded and their driving licence is not uploaded. Check them on the customer’s page, or give the reason for handing over the car anyway.',
    );
    await insertVerifiedDocuments(ctx.app, renter.user.id, ['driving_licence']);
    await ctx.db.insert(customerDocuments).values({
      userId: renter.user.id,
      kind: 'ghana_card',
      status: 'pending',
      fileKey: randomBytes(12).toString('hex'),
      ghanaCardPin: 'GHA-123456789-0',
      dateOfBirth: '1990-01-01',
    });
    expect(await refusal()).toBe(
      'The renter’s Ghana Card is waiting for a check. Check it on the customer’s page, or give the reason for handing over the car anyway.',
    );
    await ctx.db
      .update(customerDocuments)
      .set({ status: 'rejected', rejectionReason: 'Blurred' })
      .where(
        and(eq(customerDocuments.userId, renter.user.id), eq(customerDocuments.kind, 'ghana_card')),
      );
    expect(await refusal()).toBe(
      'The renter’s Ghana Card was rejected. Check it on the customer’s page, or give the reason for handing over the car anyway.',
    );
  });

  it('validates odometer and fuel, and photos by their bytes', async () => {
    const { code } = await paidCashBooking();
    const url = `/api/admin/bookings/${code}/pick-up`;
    const override = { documents_override: 'Seen at the desk' };
    const cases: [object, string, string][] = [
      [{ fuel_eighths: 4 }, 'odometer_km', handoverMessages.odometerRequired],
      [{ odometer_km: 12.5, fuel_eighths: 4 }, 'odometer_km', handoverMessages.odometerWhole],
      [{ odometer_km: -1, fuel_eighths: 4 }, 'odometer_km', handoverMessages.odometerRange],
      [{ odometer_km: 100 }, 'fuel_eighths', handoverMessages.fuelRequired],
      [{ odometer_km: 100, fuel_eighths: 9 }, 'fuel_eighths', handoverMessages.fuelRange],
      [{ odometer_km: 100, fuel_eighths: -1 }, 'fuel_eighths', handoverMessages.fuelRange],
      [{ odometer_km: 100, fuel_eighths: 2.5 }, 'fuel_eighths', handoverMessages.fuelRange],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.post(url, { ...body, ...override });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const text = await postForm(staff, url, { ...pickup, ...override }, [
      Buffer.from('not an image at all'),
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.photos).toEqual([handoverMessages.photoType]);
    // Nothing was written by the refusals.
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.bookingCode, code));
    expect(row!.status).toBe('confirmed');
    expect(
      await ctx.db.select().from(handovers).where(eq(handovers.bookingId, row!.id)),
    ).toHaveLength(0);
  });

  it('still needs the booking paid (409) and happens once', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const unpaid = await insertBooking(ctx.db, {
      userId: renter.user.id,
      carId: car.id,
      pricePerDayPesewas: 100_00,
      startDate: day(0),
      endDate: day(1),
    });
    const body = { ...pickup, documents_override: 'Seen' };
    const res = await staff.post(`/api/admin/bookings/${unpaid.bookingCode}/pick-up`, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminMessages.pickUpUnpaid);

    const { code } = await paidCashBooking();
    expect((await staff.post(`/api/admin/bookings/${code}/pick-up`, body)).statusCode).toBe(200);
    const again = await staff.post(`/api/admin/bookings/${code}/pick-up`, body);
    expect(again.statusCode).toBe(409);
    expect((await staff.post('/api/admin/bookings/CL-ZZZZZZ/pick-up', body)).statusCode).toBe(404);
  });
});

describe('return (HAND-5 to HAND-8)', () => {
  it('returns the whole cash deposit on time and texts the renter the outcome', async () => {
    const { renter, code } = await paidCashBooking();
    await staff.post(`/api/admin/bookings/${code}/pick-up`, {
      ...pickup,
      documents_override: 'Seen',
    });
    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_350,
      fuel_eighths: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const handover = res.json().handover as HandoverReceipt;
    expect(res.json().booking.status).toBe('completed');
    expect(handover.deposit_state).toBe('returned');
    expect(handover.return).toMatchObject({
      minutes_late: 0,
      late_fee: 0,
      kept_lines: [],
      kept: 0,
      returned: 200,
      returned_method: 'cash',
      collected: 0,
      distance_km: 350,
    });
    const texts = await ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.userId, renter.user.id), eq(smsOutbox.kind, 'booking_completed')));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('Your deposit of GHS 200.00 was handed back in cash.');
  });

  it('refuses an odometer below the pickup, a time in the future or before the pickup (422)', async () => {
    const { booking } = await overdueBooking();
    const url = `/api/admin/bookings/${booking.bookingCode}/return`;
    const cases: [object, string, string][] = [
      [
        { odometer_km: 9_999, fuel_eighths: 8 },
        'odometer_km',
        handoverMessages.odometerBelowPickup(10_000),
      ],
      [
        {
          odometer_km: 10_100,
          fuel_eighths: 8,
          returned_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
        'returned_at',
        handoverMessages.returnedAtFuture,
      ],
      [
        { odometer_km: 10_100, fuel_eighths: 8, returned_at: `${day(-5)}T12:00:00Z` },
        'returned_at',
        handoverMessages.returnedAtBeforePickup,
      ],
      [
        { odometer_km: 10_100, fuel_eighths: 8, returned_at: 'yesterday' },
        'returned_at',
        handoverMessages.returnedAtInvalid,
      ],
      [
        { odometer_km: 10_100, fuel_eighths: 8, kept_lines: [{ reason: 'theft', amount: 5 }] },
        'kept_lines.0.reason',
        handoverMessages.keptReason,
      ],
      [
        { odometer_km: 10_100, fuel_eighths: 8, kept_lines: [{ reason: 'fuel', amount: 0 }] },
        'kept_lines.0.amount',
        handoverMessages.keptAmount,
      ],
      [
        { odometer_km: 10_100, fuel_eighths: 8, kept_lines: [{ reason: 'other', amount: 5 }] },
        'kept_lines.0.note',
        handoverMessages.keptNoteRequired,
      ],
      // HAND-12: a damage charge says what the damage is, or the receipt prints "None noted".
      [
        { odometer_km: 10_100, fuel_eighths: 8, kept_lines: [{ reason: 'damage', amount: 80 }] },
        'damage_notes',
        handoverMessages.damageNotesRequired,
      ],
      [
        {
          odometer_km: 10_100,
          fuel_eighths: 8,
          damage_notes: '   ',
          kept_lines: [{ reason: 'damage', amount: 80, note: 'Wing mirror' }],
        },
        'damage_notes',
        handoverMessages.damageNotesRequired,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json())).toEqual([message]);
    }
    // HAND-12's message comes with the other fields' ones.
    const both = await staff.post(url, {
      fuel_eighths: 8,
      kept_lines: [{ reason: 'damage', amount: 80 }],
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({
      odometer_km: [handoverMessages.odometerRequired],
      damage_notes: [handoverMessages.damageNotesRequired],
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'active', depositState: 'held' });
  });

  it.each([
    [60, 0, 'returned'],
    [61, 50, 'partly_kept'],
    [121, 100, 'partly_kept'],
    [181, 300, 'kept'],
  ])('%i minutes late: a late fee of GH₵ %i kept from the deposit', async (minutes, fee, state) => {
    const { booking } = await overdueBooking();
    const res = await staff.post(`/api/admin/bookings/${booking.bookingCode}/return`, {
      returned_at: late(minutes),
      odometer_km: 10_500,
      fuel_eighths: 6,
    });
    expect(res.statusCode, res.body).toBe(200);
    const back = (res.json().handover as HandoverReceipt).return!;
    expect(back.minutes_late).toBe(minutes);
    expect(back.late_fee).toBe(fee);
    expect(res.json().handover.deposit_state).toBe(state);
    const kept = Math.min(fee, 200);
    expect(back.kept).toBe(kept);
    expect(back.returned).toBe(200 - kept);
    expect(back.collected).toBe(fee - kept);
    expect(back.kept_lines).toEqual(kept ? [{ reason: 'late_fee', amount: kept, note: null }] : []);
  });

  it('keeps staff lines with the late fee; beyond the deposit they are collected in cash (HAND-11)', async () => {
    const { booking } = await overdueBooking();
    const url = `/api/admin/bookings/${booking.bookingCode}/return`;
    // 61 min: GH₵ 50 late fee + GH₵ 160 of lines > GH₵ 200 deposit: GH₵ 10 collected.
    const over = await staff.post(url, {
      returned_at: late(61),
      odometer_km: 10_500,
      fuel_eighths: 2,
      kept_lines: [
        { reason: 'fuel', amount: 60 },
        { reason: 'cleaning', amount: 100, note: 'Sand in the boot' },
      ],
    });
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json().handover.return).toMatchObject({
      kept: 200,
      returned: 0,
      collected: 10,
      kept_lines: [
        { reason: 'late_fee', amount: 50, note: null },
        { reason: 'fuel', amount: 60, note: null },
        { reason: 'cleaning', amount: 90, note: 'Sand in the boot' },
      ],
    });

    const { booking: other } = await overdueBooking();
    const ok = await staff.post(`/api/admin/bookings/${other.bookingCode}/return`, {
      returned_at: late(61),
      odometer_km: 10_500,
      fuel_eighths: 2,
      kept_lines: [
        { reason: 'fuel', amount: 60.5 },
        { reason: 'cleaning', amount: 40, note: 'Sand in the boot' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().handover.return).toMatchObject({
      kept_lines: [
        { reason: 'late_fee', amount: 50, note: null },
        { reason: 'fuel', amount: 60.5, note: null },
        { reason: 'cleaning', amount: 40, note: 'Sand in the boot' },
      ],
      kept: 150.5,
      returned: 49.5,
    });

    // Two days late at GH₵ 300 a day: GH₵ 600, GH₵ 200 kept, GH₵ 400 paid in cash.
    const { booking: later } = await overdueBooking();
    const res = await staff.post(`/api/admin/bookings/${later.bookingCode}/return`, {
      returned_at: late(24 * 60 + 1),
      odometer_km: 10_500,
      fuel_eighths: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handover.return).toMatchObject({
      late_fee: 600,
      kept: 200,
      returned: 0,
      collected: 400,
    });
    const cash = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, later.id), eq(payments.purpose, 'late_fee')));
    expect(cash).toEqual([
      expect.objectContaining({ provider: 'cash', status: 'success', amountPesewas: 400_00 }),
    ]);
  });

  it('returns a mobile money deposit through the provider (the sandbox) with the amount', async () => {
    const renter = await client.renter();
    await insertVerifiedDocuments(ctx.app, renter.user.id);
    const car = await insertCar(ctx.db, { pricePerDayPesewas: 300_00 });
    const created = await renter.book(car.id, day(0), day(1), {
      payment_method: 'mobile_money',
      network: 'mtn',
    });
    const { booking, payment } = created;
    await renter.post(`/api/payments/sandbox/${payment.reference}`, {
      decision: 'approve',
    });
    const code = booking.booking_code as string;
    const out = await staff.post(`/api/admin/bookings/${code}/pick-up`, pickup);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().handover.pickup.deposit_method).toBe('mobile_money');

    const res = await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_100,
      fuel_eighths: 7,
      kept_lines: [{ reason: 'fuel', amount: 25 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handover.return).toMatchObject({
      returned: 175,
      kept: 25,
      returned_method: 'mobile_money',
    });
    const [partial] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.purpose, 'partial_refund')));
    expect(partial).toMatchObject({
      refundOf: payment.reference,
      amountPesewas: 175_00,
      status: 'refunded',
    });
    expect(res.json().booking.payment_status).toBe('paid');
  });
});

describe('who may see and do what', () => {
  // The records are staff's only (401 for a visitor, 403 for a renter): admin-auth.test.ts.

  it('the receipt and the photos: the owner and staff, never another renter', async () => {
    const { renter, code } = await paidCashBooking();
    const out = await postForm(
      staff,
      `/api/admin/bookings/${code}/pick-up`,
      { ...pickup, documents_override: 'Seen' },
      [await makeImage('jpeg')],
    );
    expect(out.statusCode, out.body).toBe(200);
    const photoUrl = (out.json().handover as HandoverReceipt).pickup!.photos[0]!.url;
    const other = await client.renter();

    const own = await renter.get(`/api/bookings/${code}/handover`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json().handover.pickup).toMatchObject({ odometer_km: 42_000, staff_name: null });
    // HAND-9: the receipt names the booking's branch, with its address and phone, to print.
    const { branch } = (await renter.get(`/api/bookings/${code}`)).json().booking;
    expect(branch.address).toBeTruthy();
    expect(own.json().handover.branch).toEqual(branch);
    expect(
      (await staff.get(`/api/admin/bookings/${code}/handover`)).json().handover.pickup.staff_name,
    ).toBe(staff.user.name);

    expect((await client.get(`/api/bookings/${code}/handover`)).statusCode).toBe(401);
    expect((await other.get(`/api/bookings/${code}/handover`)).statusCode).toBe(404);
    expect((await client.get(photoUrl)).statusCode).toBe(401);
    const stolen = await other.get(photoUrl);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.headers['content-type']).not.toContain('image');
    expect((await staff.get('/api/handover-photos/999999')).statusCode).toBe(404);
  });
});

describe('the dashboard (HAND-9)', () => {
  it('counts rental income without deposits, and shows deposits held, returned and kept apart', async () => {
    const dashboard = async (): Promise<OwnerDashboard> =>
      (await staff.get('/api/admin/dashboard')).json();
    const before = await dashboard();
    const { code } = await paidCashBooking();
    const mid = await dashboard();
    // GH₵ 800 taken (2 days at GH₵ 300 + GH₵ 200 deposit): GH₵ 600 income.
    expect(mid.revenue.this_month.amount).toBeCloseTo(before.revenue.this_month.amount + 600, 2);
    expect(mid.deposits.held_now).toBe(before.deposits.held_now);

    await staff.post(`/api/admin/bookings/${code}/pick-up`, {
      ...pickup,
      documents_override: 'Seen',
    });
    const out = await dashboard();
    expect(out.deposits.held_now).toBeCloseTo(before.deposits.held_now + 200, 2);
    expect(out.deposits.held_count).toBe(before.deposits.held_count + 1);

    await staff.post(`/api/admin/bookings/${code}/return`, {
      odometer_km: 42_100,
      fuel_eighths: 8,
      damage_notes: 'Wing mirror cracked',
      kept_lines: [{ reason: 'damage', amount: 80, note: 'Wing mirror' }],
    });
    const after = await dashboard();
    expect(after.deposits.held_now).toBeCloseTo(before.deposits.held_now, 2);
    expect(after.deposits.kept).toBeCloseTo(before.deposits.kept + 80, 2);
    expect(after.deposits.returned).toBeCloseTo(before.deposits.returned + 120, 2);
    expect(after.deposits.returns).toBe(before.deposits.returns + 1);
    // HAND-13: the damage charge is income on the return day, though the deposit paid it.
    expect(after.revenue.this_month.amount).toBeCloseTo(mid.revenue.this_month.amount + 80, 2);
  });
});
