import { COMPANY_NAME } from '../../shared/constants';
import { formatCedis, formatDeduction } from '../../shared/money';
import { formatPhoneNumber } from '../../shared/phone';
import {
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_STATE_LABELS,
  KEPT_REASON_LABELS,
  fuelLabel,
} from '../../shared/handover';
import type { HandoverReceipt as Receipt } from '../../shared/schemas/handover';
import { taxLineLabel } from '../../shared/tax';
import { formatDateTime } from '../lib/booking-labels';
import { usePrivateImage } from '../lib/private-files';
import './handover-receipt.css';

/**
 * The handover receipt (HAND-9): pickup and return facts, the late fee and the deposit's
 * outcome with its reasons. The same component for the console's printable page and the
 * renter's booking view.
 */

function Photo({ url, label }: { url: string; label: string }) {
  const image = usePrivateImage(url);
  if (image.error) return <span className="muted">Photo unavailable</span>;
  return image.src ? (
    <img src={image.src} alt={label} className="receipt-photo" />
  ) : (
    <span className="receipt-photo receipt-photo-loading" aria-hidden="true" />
  );
}

/**
 * The tax invoice's part (HAND-15, HAND-16): who charges the taxes, with its TIN, what was
 * charged all-in and how it splits into the taxable value and each tax, as a Ghanaian tax
 * invoice lists them. Only once the owner has set taxes (STAFF-45).
 */
function TaxInvoice({ tax }: { tax: NonNullable<Receipt['tax']> }) {
  return (
    <section className="receipt-section receipt-tax" aria-labelledby="receipt-tax">
      <h2 id="receipt-tax">Tax invoice</h2>
      <p className="receipt-tax-supplier">
        Supplier: <strong>{tax.supplier}</strong>
        {tax.tin && (
          <>
            {' '}
            · TIN <strong>{tax.tin}</strong>
          </>
        )}
      </p>
      <table className="receipt-table">
        <caption className="visually-hidden">Tax invoice</caption>
        <tbody>
          <tr>
            <th scope="row">Rental (the deposit apart)</th>
            <td>{formatCedis(tax.rental)}</td>
          </tr>
          {tax.charges > 0 && (
            <tr>
              <th scope="row">Charges at the return</th>
              <td>{formatCedis(tax.charges)}</td>
            </tr>
          )}
          <tr className="receipt-total">
            <th scope="row">Total (taxes included)</th>
            <td>{formatCedis(tax.total)}</td>
          </tr>
          <tr>
            <th scope="row">Taxable value</th>
            <td>{formatCedis(tax.taxable_value)}</td>
          </tr>
          {tax.taxes.map((line) => (
            <tr key={line.name}>
              <th scope="row">{taxLineLabel(line)}</th>
              <td>{formatCedis(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="receipt-state muted">
        Prices include these taxes; the refundable deposit carries none.
      </p>
    </section>
  );
}

function Photos({ photos, what }: { photos: { id: number; url: string }[]; what: string }) {
  if (!photos.length) return null;
  return (
    <ul className="receipt-photos">
      {photos.map((p, i) => (
        <li key={p.id}>
          <Photo url={p.url} label={`${what} photo ${i + 1}`} />
        </li>
      ))}
    </ul>
  );
}

export function HandoverReceipt({
  receipt: r,
  printable = false,
}: {
  receipt: Receipt;
  /** The console's printable page: who issues it, and lines for both parties to sign. */
  printable?: boolean;
}) {
  const p = r.pickup;
  const back = r.return;
  return (
    <div className="receipt">
      {printable && (
        <header className="receipt-head">
          <div>
            <p className="receipt-company">{COMPANY_NAME}</p>
            <p>
              Handover receipt <strong>{r.booking_code}</strong>
            </p>
            <p>
              {r.renter_name} · {r.car}
            </p>
          </div>
          <address className="receipt-branch">
            <strong>{r.branch.name}</strong>
            <br />
            {r.branch.address}
            <br />
            Tel. {formatPhoneNumber(r.branch.phone)}
          </address>
        </header>
      )}
      <section className="receipt-section" aria-labelledby="receipt-pickup">
        <h2 id="receipt-pickup">Pickup</h2>
        {!p ? (
          <p className="muted">Not picked up yet.</p>
        ) : (
          <>
            <dl className="receipt-facts">
              <div>
                <dt>Time</dt>
                <dd>{formatDateTime(p.at)}</dd>
              </div>
              <div>
                <dt>Odometer</dt>
                <dd>{p.odometer_km.toLocaleString('en-GH')} km</dd>
              </div>
              <div>
                <dt>Fuel</dt>
                <dd>{fuelLabel(p.fuel_eighths)}</dd>
              </div>
              <div>
                <dt>Documents</dt>
                <dd>
                  {p.documents === 'verified'
                    ? 'Ghana Card and driving licence verified'
                    : p.documents_override
                      ? `Handed over without verified documents: ${p.documents_override}`
                      : 'Handed over without verified documents'}
                </dd>
              </div>
              <div className="receipt-fact-wide">
                <dt>Damage</dt>
                <dd>{p.damage_notes ?? 'None noted'}</dd>
              </div>
              <div>
                <dt>Deposit taken</dt>
                <dd>
                  {formatCedis(p.deposit)} · {DEPOSIT_METHOD_LABELS[p.deposit_method]}
                </dd>
              </div>
              {p.staff_name && (
                <div>
                  <dt>Recorded by</dt>
                  <dd>{p.staff_name}</dd>
                </div>
              )}
            </dl>
            <Photos photos={p.photos} what="Pickup" />
          </>
        )}
      </section>
      <section className="receipt-section" aria-labelledby="receipt-return">
        <h2 id="receipt-return">Return</h2>
        {!back ? (
          <p className="muted">
            Not returned yet. Due back {formatDateTime(`${r.end_date}T${r.return_time}:00Z`)}.
          </p>
        ) : (
          <>
            <dl className="receipt-facts">
              <div>
                <dt>Time</dt>
                <dd>
                  {formatDateTime(back.at)}
                  <br />
                  <span className="muted">Due {formatDateTime(back.due_at)}</span>
                </dd>
              </div>
              <div>
                <dt>Odometer</dt>
                <dd>
                  {back.odometer_km.toLocaleString('en-GH')} km
                  {p && (
                    <span className="muted">
                      {' '}
                      · {back.distance_km.toLocaleString('en-GH')} km driven
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt>Fuel</dt>
                <dd>{fuelLabel(back.fuel_eighths)}</dd>
              </div>
              <div className="receipt-fact-wide">
                <dt>Damage</dt>
                <dd>{back.damage_notes ?? 'None noted'}</dd>
              </div>
              <div>
                <dt>Late fee</dt>
                <dd>
                  {formatCedis(back.late_fee)}
                  <br />
                  <span className="muted">{back.late_fee_description}</span>
                </dd>
              </div>
              {back.staff_name && (
                <div>
                  <dt>Recorded by</dt>
                  <dd>{back.staff_name}</dd>
                </div>
              )}
            </dl>
            <Photos photos={back.photos} what="Return" />
          </>
        )}
      </section>
      {back && back.charges.length > 0 && (
        <section className="receipt-section receipt-charges" aria-labelledby="receipt-charges">
          <h2 id="receipt-charges">Charges at the return</h2>
          <table className="receipt-table">
            <caption className="visually-hidden">Charges at the return</caption>
            <tbody>
              {back.charges.map((line, i) => (
                <tr key={i}>
                  <th scope="row">
                    {KEPT_REASON_LABELS[line.reason]}
                    {line.note ? ` (${line.note})` : ''}
                  </th>
                  <td>{formatCedis(line.amount)}</td>
                </tr>
              ))}
              <tr className="receipt-total">
                <th scope="row">Total charges</th>
                <td>{formatCedis(back.total_charges)}</td>
              </tr>
            </tbody>
          </table>
        </section>
      )}
      <section className="receipt-section receipt-deposit" aria-labelledby="receipt-deposit">
        <h2 id="receipt-deposit">Deposit</h2>
        <table className="receipt-table">
          <caption className="visually-hidden">Deposit</caption>
          <tbody>
            <tr>
              <th scope="row">Deposit</th>
              <td>{formatCedis(p?.deposit ?? r.deposit)}</td>
            </tr>
            {back?.kept_lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">
                  Kept: {KEPT_REASON_LABELS[line.reason]}
                  {line.note ? ` (${line.note})` : ''}
                </th>
                <td>{formatDeduction(line.amount)}</td>
              </tr>
            ))}
            {back && (
              <tr className="receipt-total">
                <th scope="row">
                  Returned{' '}
                  {back.returned_method === 'mobile_money'
                    ? 'to the mobile money wallet'
                    : 'in cash'}
                </th>
                <td>{formatCedis(back.returned)}</td>
              </tr>
            )}
            {back && back.collected > 0 && (
              <tr className="receipt-total">
                <th scope="row">Beyond the deposit: received in cash at the return</th>
                <td>{formatCedis(back.collected)}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="receipt-state">
          Status:{' '}
          <strong>
            {r.deposit_state ? DEPOSIT_STATE_LABELS[r.deposit_state] : 'Not taken yet'}
          </strong>
        </p>
      </section>
      {r.tax && <TaxInvoice tax={r.tax} />}
      {printable && (
        <section className="receipt-signatures" aria-label="Signatures">
          {['Customer', 'Staff'].map((who) => (
            <div key={who} className="receipt-signature">
              <span className="receipt-signature-line" aria-hidden="true" />
              <p>{who}: signature and date</p>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
