import { formatCedis } from '../../../../shared/money';
import { priceTimesDays } from '../../../lib/booking-labels';
import './booking-facts.css';

interface CostSummaryProps {
  pricePerDay: number;
  days: number;
  lineCost: number;
  deposit: number;
  discount: number;
  total: number;
  title?: string;
}

/** The cost lines (MONEY-4): price × days, the fixed deposit, no discount ('-'), the total. */
export function CostSummary({
  pricePerDay,
  days,
  lineCost,
  deposit,
  discount,
  total,
  title = 'Cost Summary',
}: CostSummaryProps) {
  return (
    <section className="cost-summary" aria-label={title}>
      <h2 className="booking-section-title">{title}</h2>
      <dl className="cost-lines">
        <div className="cost-line">
          <dt>{priceTimesDays(pricePerDay, days)}</dt>
          <dd>{formatCedis(lineCost)}</dd>
        </div>
        <div className="cost-line">
          <dt>Security deposit</dt>
          <dd>{formatCedis(deposit)}</dd>
        </div>
        <div className="cost-line">
          <dt>Discount</dt>
          <dd>{discount > 0 ? `− ${formatCedis(discount)}` : '-'}</dd>
        </div>
        <div className="cost-line cost-total">
          <dt>Total</dt>
          <dd>{formatCedis(total)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function CostSummarySkeleton() {
  return (
    <section className="cost-summary" aria-busy="true">
      <h2 className="booking-section-title">Cost Summary</h2>
      <div role="status" className="cost-skeleton">
        <span className="visually-hidden">Getting the price…</span>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="cost-skeleton-line" aria-hidden="true" />
        ))}
      </div>
    </section>
  );
}
