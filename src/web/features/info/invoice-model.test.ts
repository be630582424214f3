import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/schemas/bookings';
import { bookingFixture } from '../../testing/fixtures';
import {
  formatInvoiceMoney,
  invoiceFromBooking,
  invoiceTotals,
  SAMPLE_INVOICE,
  vatIncluded,
} from './invoice-model';

const booking: Booking = bookingFixture({
  price_per_day: 350.5,
  line_cost: 1051.5,
  total_cost: 1251.5,
  lines: [
    { label: 'Car rental (3 days)', amount: 1051.5 },
    { label: 'Security deposit (refundable)', amount: 200 },
  ],
  car: { id: 4, title: '2021 Kia Picanto', make: 'Kia', model: 'Picanto', year: 2021, images: [] },
});

describe('invoices (PAGE-12, PAGE-25)', () => {
  it("adds up to the booking's own total, with no tax while the company has set none", () => {
    const invoice = invoiceFromBooking(booking, {
      name: 'Ama Mensah',
      msisdn: '233244000001',
      email: null,
    });
    const totals = invoiceTotals(invoice);
    expect(totals.total).toBe(125_150);
    // PAGE-25: no made-up VAT rate on a real booking's lines, no tax line, no TIN.
    expect(invoice.lines.every((line) => line.vatRate === 0)).toBe(true);
    expect(totals.vat).toBe(0);
    expect(invoice.taxes).toBeUndefined();
    expect(invoice.supplier.lines.join(' ')).not.toContain('TIN');
    expect(invoice.notes[0]).toBe('Booking CL-7K3Q9M. Prices are all-in.');
    expect(invoice.number).toBe('INV-CL-7K3Q9M');
    expect(invoice.customer.lines).toEqual(['+233 24 400 0001']);
    expect(invoice.status).toBe('Due at pickup');
    // Paid on pickup: due on the start date.
    expect(invoice.dueOn).toBe('2026-12-20');
  });

  it("shows the taxes the receipt splits the total by, with the supplier's TIN (PAGE-25, HAND-15)", () => {
    const invoice = invoiceFromBooking(
      booking,
      { name: 'Ama Mensah', msisdn: '233244000001', email: null },
      {
        supplier: 'CarLink Ghana',
        tin: 'C0012345678',
        rental: 1051.5,
        charges: 0,
        total: 1051.5,
        taxable_value: 876.24,
        taxes: [
          { name: 'NHIL', rate_bp: 250, on_levies: false, amount: 21.91 },
          { name: 'GETFund Levy', rate_bp: 250, on_levies: false, amount: 21.91 },
          { name: 'VAT', rate_bp: 1500, on_levies: false, amount: 131.44 },
        ],
      },
    );
    expect(invoice.supplier.lines).toContain('TIN C0012345678');
    expect(invoice.taxes).toEqual({
      taxable: 876_24,
      lines: [
        { label: 'NHIL 2.5 %', amount: 21_91 },
        { label: 'GETFund Levy 2.5 %', amount: 21_91 },
        { label: 'VAT 15 %', amount: 131_44 },
      ],
      deposit: 200_00,
    });
    const taxes = invoice.taxes!;
    expect(
      taxes.taxable + taxes.lines.reduce((sum, line) => sum + line.amount, 0) + taxes.deposit,
    ).toBe(invoiceTotals(invoice).total);
    expect(invoice.notes[0]).toContain('Prices include the taxes above');
  });

  it('takes the VAT out of a VAT-inclusive amount', () => {
    expect(vatIncluded(120_00, 0.2)).toBe(20_00);
    expect(vatIncluded(49_00, 0.2)).toBe(817);
    expect(vatIncluded(500, 0)).toBe(0);
  });

  it('a booking with a difference still to pay is part paid, with the amount, never Paid (BOOK-21)', () => {
    const invoice = invoiceFromBooking(
      {
        ...booking,
        status: 'confirmed',
        payment_status: 'paid',
        payment_method: 'mobile_money',
        balance_due: 3000,
        top_up_due: 3000,
      },
      { name: 'Ama Mensah', msisdn: '233244000001', email: null },
    );
    expect(invoice.status).toBe('Part paid');
    expect(invoice.notes.join(' ')).toContain('Still to pay: GH₵ 3,000.00 by mobile money.');
  });

  it('says a cancelled booking is cancelled', () => {
    expect(
      invoiceFromBooking(
        { ...booking, status: 'cancelled' },
        { name: 'A', msisdn: '1', email: null },
      ).status,
    ).toBe('Cancelled');
  });

  it('lists the extras and the weekly saving between the rental and the deposit, and says where (BRANCH-3, PRICE-6)', () => {
    const invoice = invoiceFromBooking(
      bookingFixture({
        days: 7,
        price_per_day: 400,
        line_cost: 2800,
        discount: 300,
        extras: 1750,
        total_cost: 4450,
        lines: [
          { label: 'Car rental (7 days)', amount: 2800 },
          { label: 'Weekly price saving', amount: -300 },
          { label: 'Chauffeur (7 days)', amount: 1050 },
          { label: 'Chauffeur allowance outside Accra (7 days)', amount: 700 },
          { label: 'Security deposit (refundable)', amount: 200 },
        ],
      }),
      { name: 'A', msisdn: '1', email: null },
    );
    expect(invoice.lines.map((l) => l.description)).toEqual([
      'Car rental: 2022 Toyota Corolla',
      'Weekly price saving',
      'Chauffeur (7 days)',
      'Chauffeur allowance outside Accra (7 days)',
      'Security deposit (refundable)',
    ]);
    expect(invoiceTotals(invoice).total).toBe(445_000);
    expect(invoice.lines[0]!.detail).toContain('Pick-up and return at East Legon office, Accra');
    expect(invoice.lines[0]!.detail).toContain('09:00');
  });

  it.each([
    ['pending', 'Pick-up and return at East Legon office, Accra'],
    ['confirmed', 'Pick-up and return at East Legon office, Accra'],
    ['cancelled', 'Pick-up and return at East Legon office, Accra'],
    ['active', 'Picked up at East Legon office, Accra, to be returned there'],
    ['completed', 'Picked up and returned at East Legon office, Accra'],
  ] as const)('says what a %s trip has done so far (PAGE-19)', (status, where) => {
    const customer = { name: 'A', msisdn: '1', email: null };
    const detail = invoiceFromBooking({ ...booking, status }, customer).lines[0]!.detail;
    expect(detail).toContain(where);
  });

  it.each([
    ['confirmed', 'To be delivered to 12 Oxford St, Osu, and returned to East Legon'],
    ['active', 'Delivered to 12 Oxford St, Osu, to be returned to East Legon'],
    ['completed', 'Delivered to 12 Oxford St, Osu, returned to East Legon'],
  ] as const)('says what a delivered %s trip has done so far (PAGE-19)', (status, where) => {
    const customer = { name: 'A', msisdn: '1', email: null };
    const delivered = { ...booking, status, delivery_address: '12 Oxford St, Osu' };
    expect(invoiceFromBooking(delivered, customer).lines[0]!.detail).toContain(where);
  });

  it('lists the charges at the return after the deposit, in the total (HAND-14)', () => {
    const invoice = invoiceFromBooking(
      {
        ...booking,
        status: 'completed',
        payment_status: 'paid',
        return_charges: [
          { reason: 'late_fee', amount: 75, note: null },
          { reason: 'damage', amount: 350.5, note: 'Wing mirror' },
        ],
      },
      { name: 'A', msisdn: '1', email: null },
    );
    expect(invoice.lines.slice(-2).map((l) => [l.description, l.unitPrice])).toEqual([
      ['Charge at the return: Late return', 75_00],
      ['Charge at the return: Damage (Wing mirror)', 350_50],
    ]);
    expect(invoiceTotals(invoice).total).toBe(125_150 + 75_00 + 350_50);
  });

  it('formats cedis and dollars', () => {
    expect(formatInvoiceMoney(125_150, 'GHS')).toBe('GH₵ 1,251.50');
    expect(formatInvoiceMoney(4_900, 'USD')).toBe('$49.00');
    // MONEY-5: the weekly saving's line is taken off with the minus sign, as on the booking.
    expect(formatInvoiceMoney(-30_000, 'GHS')).toBe('− GH₵ 300.00');
    expect(invoiceTotals(SAMPLE_INVOICE).total).toBe(49_00 + 29_00 + 2 * 12_00);
  });
});
