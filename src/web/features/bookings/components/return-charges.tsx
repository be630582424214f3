import { formatCedis } from '../../../../shared/money';
import type { Booking } from '../../../../shared/schemas/bookings';
import { returnChargeLabel } from '../../../lib/return-charge-labels';
import './booking-facts.css';

/**
 * What the return charged besides the booking's total (HAND-14), and the total with it, so
 * the renter's booking adds up to what they paid.
 */
export function ReturnCharges({
  booking,
}: {
  booking: Pick<Booking, 'return_charges' | 'total_cost'>;
}) {
  const charges = booking.return_charges;
  if (!charges.length) return null;
  const totalPesewas =
    Math.round(booking.total_cost * 100) +
    charges.reduce((sum, c) => sum + Math.round(c.amount * 100), 0);
  return (
    <section className="cost-summary" aria-label="Added at the return">
      <h2 className="booking-section-title">Added at the return</h2>
      <dl className="cost-lines">
        {charges.map((c, i) => (
          <div className="cost-line" key={i}>
            <dt>{returnChargeLabel(c)}</dt>
            <dd>{formatCedis(c.amount)}</dd>
          </div>
        ))}
        <div className="cost-line cost-total">
          <dt>Total with the charges at the return</dt>
          <dd>{formatCedis(totalPesewas / 100)}</dd>
        </div>
      </dl>
    </section>
  );
}
