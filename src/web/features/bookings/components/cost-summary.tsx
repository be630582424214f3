import { formatCedis, formatDeduction } from '../../../../shared/money';
import type { QuoteLine } from '../../../../shared/schemas/bookings';
import { priceTimesDays } from '../../../lib/booking-labels';
import './booking-facts.css';

/** What a price is made of, as a quote or a booking gives it (PRICE-1, PRICE-6). */
export interface PriceSource {
  lines: QuoteLine[];
  price_per_day: number;
  days: number;
  line_cost: number;
  deposit: number;
  total_cost: number;
}

interface CostSummaryProps {
  price: PriceSource;
  title?: string;
}

/**
 * The Cost Summary (MONEY-4, PRICE-1, PRICE-2): the server's lines as they are, except that
 * the weekly price's saving (the one negative line) is the Discount row under the rental
 * (PRICE-2). With no saving there is no Discount row (MONEY-4): a bare dash beside 'Discount'
 * read as a discount of nothing, also on a car whose card advertises a lower price than before.
 */
export function CostSummary({ price, title = 'Cost Summary' }: CostSummaryProps) {
  const lines =
    price.lines.length > 0
      ? price.lines
      : // A booking older than the lines: its rental and deposit are all it had.
        [
          { label: 'Car rental', amount: price.line_cost },
          { label: 'Security deposit (refundable)', amount: price.deposit },
        ];
  const [rental, ...rest] = lines;
  const saving = rest.find((line) => line.amount < 0);
  const others = rest.filter((line) => line !== saving);

  return (
    <section className="cost-summary" aria-label={title}>
      <h2 className="booking-section-title">{title}</h2>
      <dl className="cost-lines">
        {rental && (
          <div className="cost-line">
            <dt>
              {rental.label}
              <span className="cost-line-detail">
                {priceTimesDays(price.price_per_day, price.days)}
              </span>
            </dt>
            <dd>{formatCedis(rental.amount)}</dd>
          </div>
        )}
        {saving && (
          <div className="cost-line is-saving">
            <dt>
              Discount
              <span className="cost-line-detail">{saving.label}</span>
            </dt>
            <dd>{formatDeduction(saving.amount)}</dd>
          </div>
        )}
        {others.map((line) => (
          <div key={line.label} className="cost-line">
            <dt>{line.label}</dt>
            <dd>{formatCedis(line.amount)}</dd>
          </div>
        ))}
        <div className="cost-line cost-total">
          <dt>Total</dt>
          <dd>{formatCedis(price.total_cost)}</dd>
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
