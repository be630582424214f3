import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/schemas/bookings';
import {
  formatInvoiceMoney,
  invoiceFromBooking,
  invoiceTotals,
  SAMPLE_INVOICE,
  vatIncluded,
} from './invoice-model';

const booking: Booking = {
  id: 1,
  booking_code: 'CL-7K3Q9M',
  status: 'pending',
  payment_status: 'unpaid',
  start_date: '2026-12-20',
  end_date: '2026-12-23',
  days: 3,
  price_per_day: 350.5,
  line_cost: 1051.5,
  deposit: 200,
  total_cost: 1251.5,
  destination: 'Kumasi',
  destination_type: 2,
  payment_method: 'payOnPickup',
  hold_expires_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
  can_cancel: true,
  discount: 0,
  extras: 0,
  lines: [],
  pickup_time: '09:00',
  return_time: '09:00',
  chauffeur: false,
  child_seat: false,
  delivery_address: null,
  branch: {
    id: 1,
    name: 'East Legon office',
    town: 'Accra',
    address: '14 Lagos Avenue, East Legon, Accra',
    phone: '+233302000111',
    opens: '07:00',
    closes: '21:00',
    is_airport: false,
  },
  can_change: true,
  can_extend: false,
  payment: null,
  car: { id: 4, title: '2021 Kia Picanto', make: 'Kia', model: 'Picanto', year: 2021, images: [] },
};

describe('invoices (PAGE-12, VAT 20% column)', () => {
  it("adds up to the booking's own total, with VAT only on the rental", () => {
    const invoice = invoiceFromBooking(booking, {
      name: 'Ama Mensah',
      msisdn: '233244000001',
      email: null,
    });
    const totals = invoiceTotals(invoice);
    expect(totals.total).toBe(125_150);
    expect(totals.lines[0]).toEqual({ amount: 105_150, vat: vatIncluded(105_150, 0.2) });
    expect(totals.lines[1]).toEqual({ amount: 20_000, vat: 0 });
    expect(totals.net + totals.vat).toBe(totals.total);
    expect(invoice.number).toBe('INV-CL-7K3Q9M');
    expect(invoice.customer.lines).toEqual(['+233 24 400 0001']);
    expect(invoice.status).toBe('Due at pickup');
    // Paid on pickup: due on the start date.
    expect(invoice.dueOn).toBe('2026-12-20');
  });

  it('takes the VAT out of a VAT-inclusive amount', () => {
    expect(vatIncluded(120_00, 0.2)).toBe(20_00);
    expect(vatIncluded(49_00, 0.2)).toBe(817);
    expect(vatIncluded(500, 0)).toBe(0);
  });

  it('says a cancelled booking is cancelled', () => {
    expect(
      invoiceFromBooking(
        { ...booking, status: 'cancelled' },
        { name: 'A', msisdn: '1', email: null },
      ).status,
    ).toBe('Cancelled');
  });

  it('formats cedis and dollars', () => {
    expect(formatInvoiceMoney(125_150, 'GHS')).toBe('GH₵ 1,251.50');
    expect(formatInvoiceMoney(4_900, 'USD')).toBe('$49.00');
    expect(invoiceTotals(SAMPLE_INVOICE).total).toBe(49_00 + 29_00 + 2 * 12_00);
  });
});
