import type { OwnerDashboard } from '../../../../shared/schemas/console';
import { cedisWhole, formatMonth, plural } from '../../../components/console/admin-labels';

/**
 * Deposits, shown apart from revenue (HAND-9): the renters' money held for cars that are out,
 * and what this month's returns gave back and kept. What was kept paid charges at the return,
 * which count as income on the return day (HAND-13), so it is not a second sum of money.
 */
export function DepositsPanel({ deposits }: { deposits: OwnerDashboard['deposits'] }) {
  return (
    <section className="panel" aria-labelledby="deposits-heading">
      <div className="panel-head">
        <h2 id="deposits-heading">Deposits</h2>
        <span className="muted">Not revenue</span>
      </div>
      <div className="panel-body">
        <div className="revenue-figures">
          <div>
            <p className="figure-label">Held now</p>
            <p className="figure-value">{cedisWhole(deposits.held_now)}</p>
            <p className="figure-note">{plural(deposits.held_count, 'car')} out</p>
          </div>
          <div>
            <p className="figure-label">Returned · {formatMonth(deposits.month)}</p>
            <p className="figure-value figure-value-muted">{cedisWhole(deposits.returned)}</p>
            <p className="figure-note">{plural(deposits.returns, 'return')}</p>
          </div>
          <div>
            <p className="figure-label">Kept · {formatMonth(deposits.month)}</p>
            <p className="figure-value figure-value-muted">{cedisWhole(deposits.kept)}</p>
            <p className="figure-note">Paid charges at the return: counted in revenue</p>
          </div>
        </div>
      </div>
    </section>
  );
}
