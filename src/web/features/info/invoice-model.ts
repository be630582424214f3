import type { Booking } from '../../../shared/schemas/bookings';
import { destinationTypeLabel } from '../../lib/destination-label';
import { cedisToPesewas, formatCedis } from '../../../shared/money';
import { formatMsisdn } from '../../../shared/phone';
import { branchLabel } from '../../lib/branch-label';
import { returnChargeLabel } from '../../lib/return-charge-labels';
import type { HandoverReceipt } from '../../../shared/schemas/handover';
import { taxLineLabel } from '../../../shared/tax';

/**
 * The sample invoice's VAT label is 20% (PAGE-11): a figure of the sample only. A real
 * booking's invoice shows the taxes the owner set, from its receipt (PAGE-25, HAND-15).
 */
export const INVOICE_VAT_RATE = 0.2;

export interface InvoiceParty {
  name: string;
  lines: string[];
}

export interface InvoiceLine {
  description: string;
  detail?: string;
  quantity: number;
  unitLabel?: string;
  /** Minor units (pesewas or cents), VAT included. */
  unitPrice: number;
  /** The sample's per-line VAT column (PAGE-11); 0 on a booking's lines (PAGE-25). */
  vatRate: number;
}

/** A booking's taxes, as its receipt splits them (PAGE-25, HAND-15), in minor units. */
export interface InvoiceTaxes {
  taxable: number;
  lines: { label: string; amount: number }[];
  /** The refundable deposit, apart from the taxed total and carrying no tax. */
  deposit: number;
}

export interface Invoice {
  number: string;
  issuedOn: string;
  dueOn: string;
  status: string;
  currency: 'GHS' | 'USD';
  supplier: InvoiceParty;
  customer: InvoiceParty;
  lines: InvoiceLine[];
  /** A booking's taxes, when the company has set any (PAGE-25). */
  taxes?: InvoiceTaxes;
  notes: string[];
}

export interface InvoiceTotals {
  lines: { amount: number; vat: number }[];
  net: number;
  vat: number;
  total: number;
}

/** The VAT inside a VAT-inclusive amount, rounded to the minor unit. */
export const vatIncluded = (amount: number, rate: number) =>
  Math.round((amount * rate) / (1 + rate));

export function invoiceTotals(invoice: Pick<Invoice, 'lines'>): InvoiceTotals {
  const lines = invoice.lines.map((line) => {
    const amount = line.quantity * line.unitPrice;
    return { amount, vat: vatIncluded(amount, line.vatRate) };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const vat = lines.reduce((sum, line) => sum + line.vat, 0);
  return { lines, net: total - vat, vat, total };
}

const currencyFormats = {
  GHS: new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  USD: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** 'GH₵ 1,234.50' or '$49.00' from minor units. */
export function formatInvoiceMoney(minor: number, currency: Invoice['currency']): string {
  const amount = currencyFormats[currency].format(Math.abs(minor) / 100);
  // MONEY-5: an amount taken off (the weekly saving) leads with the minus sign, as elsewhere.
  const sign = minor < 0 ? '− ' : '';
  return currency === 'GHS' ? `${sign}GH₵ ${amount}` : `${sign}$${amount}`;
}

export const SUPPLIER: InvoiceParty = {
  name: 'CarLink Ghana',
  lines: ['East Legon, Accra, Ghana', '+233 30 290 0100', 'hello@carlinkghana.com'],
};

/**
 * The static sample (PAGE-11): a membership plan bought by a fictional dealer. Clearly a sample;
 * nothing here is anyone's real data.
 */
export const SAMPLE_INVOICE: Invoice = {
  number: 'INV-SAMPLE-0042',
  issuedOn: '2026-01-05',
  dueOn: '2026-01-19',
  status: 'Sample',
  currency: 'USD',
  supplier: SUPPLIER,
  customer: {
    name: 'Sample Motors Ltd (sample customer)',
    lines: ['Spintex Road, Accra', '+233 20 000 0000', 'accounts@example.com'],
  },
  lines: [
    {
      description: 'Standard membership plan',
      detail: '1 listing, 30 days visibility',
      quantity: 1,
      unitLabel: 'month',
      unitPrice: 49_00,
      vatRate: INVOICE_VAT_RATE,
    },
    {
      description: 'Basic membership plan',
      detail: 'Second car, 30 days visibility',
      quantity: 1,
      unitLabel: 'month',
      unitPrice: 29_00,
      vatRate: INVOICE_VAT_RATE,
    },
    {
      description: 'Highlighted in search results',
      detail: 'Extra week for one listing',
      quantity: 2,
      unitLabel: 'weeks',
      unitPrice: 12_00,
      vatRate: INVOICE_VAT_RATE,
    },
  ],
  notes: ['This is a sample invoice, shown as an example of our invoices. It is not a bill.'],
};

const PAYMENT_STATUS_LABELS: Record<Booking['payment_status'], string> = {
  unpaid: 'Due at pickup',
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '22 Nov 2026' for a 'YYYY-MM-DD' date or an ISO timestamp (its date in Accra, UTC+0). */
export const formatInvoiceDate = (value: string) =>
  dayFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/**
 * Where the car goes and comes back, as far as the trip has gone (PAGE-19): booked (or
 * cancelled before it began), picked up or delivered, returned. An invoice printed before the
 * trip must not say the car came back.
 */
function tripSoFar(booking: Booking): string {
  const branch = branchLabel(booking.branch);
  const stage =
    booking.status === 'completed' ? 'returned' : booking.status === 'active' ? 'out' : 'booked';
  if (booking.delivery_address)
    return {
      booked: `To be delivered to ${booking.delivery_address}, and returned to ${branch}`,
      out: `Delivered to ${booking.delivery_address}, to be returned to ${branch}`,
      returned: `Delivered to ${booking.delivery_address}, returned to ${branch}`,
    }[stage];
  return {
    booked: `Pick-up and return at ${branch}`,
    out: `Picked up at ${branch}, to be returned there`,
    returned: `Picked up and returned at ${branch}`,
  }[stage];
}

/**
 * The booking's charged lines (PRICE-6) as invoice lines: the rental as days × daily price,
 * where and when in its detail (BRANCH-3); the weekly saving, the extras, and last the
 * deposit, which is refundable and so carries no tax. They add up to the booking's total;
 * the charges at the return follow (HAND-14).
 */
function invoiceLines(booking: Booking): InvoiceLine[] {
  const car = booking.car;
  const where = tripSoFar(booking);
  const rental: InvoiceLine = {
    description: `Car rental: ${car.year} ${car.make} ${car.model}`,
    detail: `${formatInvoiceDate(booking.start_date)} ${booking.pickup_time} to ${formatInvoiceDate(booking.end_date)} ${booking.return_time} · ${where} · ${destinationTypeLabel(booking.destination_type, booking.branch.town)}: ${booking.destination}`,
    quantity: booking.days,
    unitLabel: booking.days === 1 ? 'day' : 'days',
    unitPrice: cedisToPesewas(booking.price_per_day),
    vatRate: 0,
  };
  const deposit: InvoiceLine = {
    description: 'Security deposit (refundable)',
    detail: 'Returned when the car comes back in good order',
    quantity: 1,
    unitPrice: cedisToPesewas(booking.deposit),
    vatRate: 0,
  };
  // pricing.ts lists the rental first and the deposit last; in between, saving and extras.
  const middle = booking.lines.length >= 2 ? booking.lines.slice(1, -1) : [];
  return [
    rental,
    ...middle.map((line) => ({
      description: line.label,
      quantity: 1,
      unitPrice: cedisToPesewas(line.amount),
      vatRate: 0,
    })),
    deposit,
    // HAND-14: what the return charged besides the booking's total, taxes included like the rental.
    ...booking.return_charges.map((charge) => ({
      description: `Charge at the return: ${returnChargeLabel(charge)}`,
      quantity: 1,
      unitPrice: cedisToPesewas(charge.amount),
      vatRate: 0,
    })),
  ];
}

/**
 * The invoice of a real booking. The amounts are the server's (MONEY-2): the rental line is
 * days × price per day, and the security deposit is refundable. The invoice total is the
 * booking's total and its charges at the return. Its taxes are the receipt's (PAGE-25,
 * HAND-15): the supplier's TIN and the all-in total less the deposit split into the taxable
 * value and each tax; with no tax set (`tax` null) no tax is shown.
 */
export function invoiceFromBooking(
  booking: Booking,
  customer: { name: string; msisdn: string; email: string | null },
  tax: HandoverReceipt['tax'] = null,
): Invoice {
  // BOOK-21: a dearer change's difference still to pay is said, never hidden behind 'Paid'.
  const stillToPay = booking.status === 'cancelled' ? 0 : booking.balance_due;
  const status =
    booking.status === 'cancelled'
      ? 'Cancelled'
      : booking.payment_status === 'paid' && stillToPay > 0
        ? 'Part paid'
        : PAYMENT_STATUS_LABELS[booking.payment_status];
  return {
    number: `INV-${booking.booking_code}`,
    issuedOn: booking.created_at,
    dueOn: booking.payment_method === 'payOnPickup' ? booking.start_date : booking.created_at,
    status,
    currency: 'GHS',
    supplier: tax?.tin ? { ...SUPPLIER, lines: [...SUPPLIER.lines, `TIN ${tax.tin}`] } : SUPPLIER,
    customer: {
      name: customer.name,
      lines: [formatMsisdn(customer.msisdn), ...(customer.email ? [customer.email] : [])],
    },
    lines: invoiceLines(booking),
    ...(tax
      ? {
          taxes: {
            taxable: cedisToPesewas(tax.taxable_value),
            lines: tax.taxes.map((line) => ({
              label: taxLineLabel(line),
              amount: cedisToPesewas(line.amount),
            })),
            deposit: cedisToPesewas(booking.deposit),
          },
        }
      : {}),
    notes: [
      tax
        ? `Booking ${booking.booking_code}. Prices include the taxes above; the refundable deposit carries none.`
        : `Booking ${booking.booking_code}. Prices are all-in.`,
      booking.payment_method === 'payOnPickup'
        ? 'Payment on pickup: the total is paid in cash, in full, when the car is delivered.'
        : ({
            paid: 'Paid by mobile money.',
            refunded: 'Paid by mobile money, and refunded.',
          }[booking.payment_status as string] ?? 'Payment by mobile money, not completed.'),
      ...(booking.payment_status === 'paid' && stillToPay > 0
        ? [
            `Still to pay: ${formatCedis(stillToPay)}${
              booking.top_up_due >= stillToPay ? ' by mobile money' : ' at the counter'
            }.`,
          ]
        : []),
    ],
  };
}
