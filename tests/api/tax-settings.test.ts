import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCar } from '../../src/server/db/factories';
import { auditEvents } from '../../src/server/db/schema/index';
import { COMPANY_NAME } from '../../src/shared/constants';
import type { HandoverReceipt } from '../../src/shared/schemas/handover';
import { adminMessages, taxMessages } from '../../src/shared/staff-messages';
import { api, day } from '../support/api';
import { setupTestApp } from '../support/test-app';

/**
 * The company's taxes (STAFF-45) and the receipt's tax lines (HAND-15): the owner sets the TIN
 * and the taxes; a receipt splits what was charged, all-in, into the taxable value and each
 * tax, to the pesewa, by the taxes in force when the car came back.
 */
const ctx = await setupTestApp();
const client = api(ctx.app);
const owner = await client.staff();
const manager = await client.staff({ staffRole: 'manager' });

const GHANA_2026 = [
  { name: 'NHIL', rate_bp: 250, on_levies: false },
  { name: 'GETFund Levy', rate_bp: 250, on_levies: false },
  { name: 'VAT', rate_bp: 1500, on_levies: false },
];

const settings = async () => (await owner.get('/api/admin/tax-settings')).json().tax_settings;

/** A booking of 2 days at GH₵ 350 paid in cash, picked up and returned now with a charge. */
async function returnedBooking(cleaning: number | null) {
  const renter = await client.renter();
  const car = await insertCar(ctx.db, { pricePerDayPesewas: 350_00 });
  const created = await renter.book(car.id, day(0), day(2));
  const code = created.booking.booking_code as string;
  for (const [action, body] of [
    ['record-cash', {}],
    ['pick-up', { odometer_km: 10_000, fuel_eighths: 8, documents_override: 'Seen at the desk' }],
    [
      'return',
      {
        odometer_km: 10_200,
        fuel_eighths: 8,
        kept_lines: cleaning ? [{ reason: 'cleaning', amount: cleaning }] : [],
      },
    ],
  ] as const) {
    const res = await owner.post(`/api/admin/bookings/${code}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { code, renter };
}

const receiptOf = async (code: string): Promise<HandoverReceipt> =>
  (await owner.get(`/api/admin/bookings/${code}/handover`)).json().handover;

describe("the company's TIN and taxes (STAFF-45)", () => {
  it('are empty until the owner sets them, and a receipt then has no tax line (HAND-15)', async () => {
    expect(await settings()).toEqual({ tin: null, lines: [], updated_at: null, updated_by: null });
    const { code, renter } = await returnedBooking(null);
    expect((await receiptOf(code)).tax).toBeNull();
    const own = await renter.get(`/api/bookings/${code}/handover`);
    expect(own.json().handover.tax).toBeNull();
  });

  it('are saved by the owner, the TIN tidied, and recorded in the audit trail', async () => {
    const res = await owner.put('/api/admin/tax-settings', {
      tin: ' c001 234 5678 ',
      lines: GHANA_2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tax_settings).toMatchObject({ tin: 'C0012345678', lines: GHANA_2026 });
    expect(res.json().tax_settings.updated_by).toBe(owner.user.name);
    expect(await settings()).toMatchObject({ tin: 'C0012345678', lines: GHANA_2026 });
    const [row] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'tax_settings'), eq(auditEvents.entityId, 'company')));
    expect(row?.action).toBe('update');
    expect(row?.changes).toMatchObject({ tin: [null, 'C0012345678'] });
  });

  it('refuse a malformed TIN, taxes without a TIN, a tax named twice and a rate that is no whole number of basis points', async () => {
    const bad = await owner.put('/api/admin/tax-settings', {
      tin: 'C00123',
      lines: [
        { name: 'VAT', rate_bp: 1500, on_levies: false },
        { name: ' vat ', rate_bp: 12.5, on_levies: false },
        { name: '', rate_bp: 0 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      tin: [taxMessages.tinInvalid],
      'lines.1.rate_bp': [taxMessages.rateInvalid],
      'lines.2.name': [taxMessages.nameRequired],
      'lines.2.rate_bp': [taxMessages.rateInvalid],
    });
    const noTin = await owner.put('/api/admin/tax-settings', { tin: '', lines: GHANA_2026 });
    expect(noTin.statusCode).toBe(422);
    expect(noTin.json().errors).toEqual({ tin: [taxMessages.tinRequired] });
    const twice = await owner.put('/api/admin/tax-settings', {
      tin: 'C0012345678',
      lines: [GHANA_2026[2], { ...GHANA_2026[2], name: 'vat' }],
    });
    expect(twice.json().errors).toEqual({ 'lines.1.name': [taxMessages.nameTwice] });
    const many = await owner.put('/api/admin/tax-settings', {
      tin: 'C0012345678',
      lines: Array.from({ length: 7 }, (_, i) => ({ name: `Levy ${i}`, rate_bp: 100 })),
    });
    expect(many.json().errors).toEqual({ lines: [taxMessages.tooMany] });
    // Nothing refused was saved.
    expect((await settings()).lines).toEqual(GHANA_2026);
  });

  it("are the owner's alone: a manager gets 403", async () => {
    for (const res of [
      await manager.get('/api/admin/tax-settings'),
      await manager.put('/api/admin/tax-settings', { tin: null, lines: [] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(adminMessages.roleForbidden);
    }
  });
});

describe("the receipt's tax lines (HAND-15)", () => {
  it('split what was charged, all-in, into the taxable value and each tax, adding up to the pesewa', async () => {
    const { code, renter } = await returnedBooking(50);
    const tax = (await receiptOf(code)).tax!;
    // The rental GH₵ 700 (the GH₵ 200 deposit apart) and the GH₵ 50 cleaning charge.
    expect(tax).toMatchObject({
      supplier: COMPANY_NAME,
      tin: 'C0012345678',
      rental: 700,
      charges: 50,
      total: 750,
    });
    // 750 ÷ 1.2 = 625: each levy 15.625 → 15.63 (a half upwards), VAT 93.75, the value the rest.
    expect(tax.taxes.map((t) => [t.name, t.amount])).toEqual([
      ['NHIL', 15.63],
      ['GETFund Levy', 15.63],
      ['VAT', 93.75],
    ]);
    expect(tax.taxable_value).toBe(624.99);
    const pesewas = [tax.taxable_value, ...tax.taxes.map((t) => t.amount)].map((c) =>
      Math.round(c * 100),
    );
    expect(pesewas.reduce((a, b) => a + b, 0)).toBe(750_00);
    // The renter's receipt says the same.
    expect((await renter.get(`/api/bookings/${code}/handover`)).json().handover.tax).toEqual(tax);
  });

  it('keep the taxes in force when the car came back; a later change applies to later returns', async () => {
    const { code } = await returnedBooking(null);
    const before = (await receiptOf(code)).tax;
    const changed = await owner.put('/api/admin/tax-settings', {
      tin: 'C0012345678',
      lines: [
        { name: 'NHIL', rate_bp: 250, on_levies: false },
        { name: 'VAT', rate_bp: 1500, on_levies: true },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect((await receiptOf(code)).tax).toEqual(before);
    const later = await returnedBooking(null);
    const tax = (await receiptOf(later.code)).tax!;
    // 700 = value × 1.025 × 1.15 → value 593.85…; NHIL 14.846… → 14.85, VAT 91.304… → 91.30 on value and NHIL.
    expect(tax.taxes.map((t) => [t.name, t.amount, t.on_levies])).toEqual([
      ['NHIL', 14.85, false],
      ['VAT', 91.3, true],
    ]);
    expect(tax.taxable_value).toBe(593.85);
  });

  it('are not on a cancelled booking, which supplied nothing', async () => {
    const renter = await client.renter();
    const car = await insertCar(ctx.db);
    const created = await renter.book(car.id, day(5), day(7));
    const code = created.booking.booking_code as string;
    expect((await receiptOf(code)).tax).not.toBeNull();
    const cancelled = await owner.post(`/api/admin/bookings/${code}/cancel`, {
      reason: 'Customer changed plans',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await receiptOf(code)).tax).toBeNull();
  });

  it('go when the owner removes every tax', async () => {
    expect(
      (await owner.put('/api/admin/tax-settings', { tin: 'C0012345678', lines: [] })).statusCode,
    ).toBe(200);
    const { code } = await returnedBooking(null);
    expect((await receiptOf(code)).tax).toBeNull();
  });
});
