import type { ReactNode } from 'react';
import {
  formatInvoiceDate,
  formatInvoiceMoney,
  INVOICE_VAT_RATE,
  invoiceTotals,
  type Invoice,
} from '../invoice-model';
import './invoice.css';

interface InvoiceViewProps {
  invoice: Invoice;
  /** A sample is marked as one on screen and on paper. */
  sample?: boolean;
  /** Above the paper, hidden when printing (buttons, notices). */
  toolbar?: ReactNode;
}

const rate = (vatRate: number) => `${Math.round(vatRate * 100)}%`;

/**
 * Invoice: number, dates, supplier, customer, lines, total. The sample has its VAT 20% column
 * (PAGE-11); a booking's invoice shows the company's taxes under its lines, as its receipt splits
 * them, or none while none are set (PAGE-25).
 */
export function InvoiceView({ invoice, sample = false, toolbar }: InvoiceViewProps) {
  const totals = invoiceTotals(invoice);
  const money = (minor: number) => formatInvoiceMoney(minor, invoice.currency);
  const vatColumn = invoice.lines.some((line) => line.vatRate > 0);
  const taxes = invoice.taxes;

  return (
    <div className="invoice-page">
      {toolbar && <div className="invoice-toolbar">{toolbar}</div>}
      <article
        className={sample ? 'invoice-paper is-sample' : 'invoice-paper'}
        aria-labelledby="invoice-title"
      >
        <header className="invoice-head">
          <div className="invoice-brand">
            <svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#0b5d3b" />
              <path
                d="M12 38c2-8 6-13 14-14l6-6h10c4 0 7 3 9 8l1 2c2 1 3 3 3 6v4H12z"
                fill="#f5b800"
              />
              <circle cx="22" cy="44" r="6" fill="#14181c" />
              <circle cx="44" cy="44" r="6" fill="#14181c" />
            </svg>
            <span>
              CarLink<strong>Ghana</strong>
            </span>
          </div>
          <div className="invoice-title-block">
            <h1 id="invoice-title">
              {sample ? 'Sample invoice' : invoice.taxes ? 'Tax invoice' : 'Invoice'}
            </h1>
            <p className="invoice-number">{invoice.number}</p>
            <p
              className={`invoice-status status-${invoice.status.toLowerCase().replace(/\W+/g, '-')}`}
            >
              {invoice.status}
            </p>
          </div>
        </header>

        <dl className="invoice-dates">
          <div>
            <dt>Invoice date</dt>
            <dd>{formatInvoiceDate(invoice.issuedOn)}</dd>
          </div>
          <div>
            <dt>Due date</dt>
            <dd>{formatInvoiceDate(invoice.dueOn)}</dd>
          </div>
        </dl>

        <div className="invoice-parties">
          <section aria-labelledby="invoice-supplier">
            <h2 id="invoice-supplier">Supplier</h2>
            <p className="invoice-party-name">{invoice.supplier.name}</p>
            {invoice.supplier.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </section>
          <section aria-labelledby="invoice-customer">
            <h2 id="invoice-customer">Customer</h2>
            <p className="invoice-party-name">{invoice.customer.name}</p>
            {invoice.customer.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </section>
        </div>

        <div className="invoice-table-wrap">
          <table className="invoice-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Unit price
                </th>
                {vatColumn && (
                  <th scope="col" className="num">
                    VAT {rate(INVOICE_VAT_RATE)}
                  </th>
                )}
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, index) => (
                <tr key={line.description}>
                  <td>
                    <span className="invoice-line-title">{line.description}</span>
                    {line.detail && <span className="invoice-line-detail">{line.detail}</span>}
                  </td>
                  <td className="num" data-label="Qty">
                    {line.quantity}
                    {line.unitLabel ? ` ${line.unitLabel}` : ''}
                  </td>
                  <td className="num" data-label="Unit price">
                    {money(line.unitPrice)}
                  </td>
                  {vatColumn && (
                    <td className="num" data-label={`VAT ${rate(INVOICE_VAT_RATE)}`}>
                      {line.vatRate > 0 ? money(totals.lines[index]!.vat) : '—'}
                    </td>
                  )}
                  <td className="num" data-label="Amount">
                    {money(totals.lines[index]!.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="invoice-totals">
          {vatColumn && (
            <>
              <div>
                <dt>Subtotal (without VAT)</dt>
                <dd>{money(totals.net)}</dd>
              </div>
              <div>
                <dt>VAT {rate(INVOICE_VAT_RATE)}</dt>
                <dd>{money(totals.vat)}</dd>
              </div>
            </>
          )}
          {taxes && (
            <>
              <div>
                <dt>Taxable value</dt>
                <dd>{money(taxes.taxable)}</dd>
              </div>
              {taxes.lines.map((line) => (
                <div key={line.label}>
                  <dt>{line.label}</dt>
                  <dd>{money(line.amount)}</dd>
                </div>
              ))}
              <div>
                <dt>Security deposit (refundable, no tax)</dt>
                <dd>{money(taxes.deposit)}</dd>
              </div>
            </>
          )}
          <div className="invoice-grand-total">
            <dt>Total</dt>
            <dd>{money(totals.total)}</dd>
          </div>
        </dl>

        <footer className="invoice-notes">
          {invoice.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          <p>Thank you for renting with CarLink Ghana.</p>
        </footer>
      </article>
    </div>
  );
}
