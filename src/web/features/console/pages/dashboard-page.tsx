import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import type { AdminDashboardResponse, OwnerDashboard } from '../../../../shared/schemas/console';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDashboard } from '../../../lib/console/console-queries';
import {
  AlertIcon,
  BookingsIcon,
  CashIcon,
  PickupIcon,
  ReturnIcon,
} from '../../../components/console/admin-icons';
import {
  cedis,
  cedisWhole,
  flagLabel,
  formatMonth,
  plural,
} from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { BookingRows } from '../components/booking-rows';
import { DepositsPanel } from '../components/deposits-panel';
import {
  ChartEmpty,
  DailyBars,
  hasAmounts,
  RevenueRaceChart,
  RingGauge,
} from '../components/charts';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './dashboard.css';
import { adminPaths } from '../../../config/admin-paths';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const dayName = (date: string) => weekday.format(new Date(`${date}T00:00:00Z`));

function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The daily series (first of last month to today) split into the two months' day lists. */
function splitMonths(revenue: OwnerDashboard['revenue']) {
  const pick = (month: string) =>
    revenue.daily.filter((d) => d.date.slice(0, 7) === month.slice(0, 7)).map((d) => d.amount);
  return {
    current: {
      label: formatMonth(revenue.this_month.month),
      daily: pick(revenue.this_month.month),
      daysInMonth: daysInMonth(revenue.this_month.month),
    },
    previous: {
      label: formatMonth(revenue.last_month.month),
      daily: pick(revenue.last_month.month),
      daysInMonth: daysInMonth(revenue.last_month.month),
    },
  };
}

function Stat({
  label,
  value,
  note,
  tone,
  to,
}: {
  label: string;
  value: string;
  note: string;
  tone?: 'alert';
  to?: string;
}) {
  return (
    <div className={tone ? `kpi kpi-${tone}` : 'kpi'}>
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd>
        <span className="kpi-value">{value}</span>
        <span className="kpi-note">{note}</span>
      </dd>
    </div>
  );
}

function Revenue({ revenue }: { revenue: OwnerDashboard['revenue'] }) {
  const { current, previous } = splitMonths(revenue);
  const soFar = current.daily.length;
  const previousBySameDay = previous.daily.slice(0, soFar).reduce((sum, v) => sum + v, 0);
  const thisMonth = revenue.this_month.amount;
  const change =
    previousBySameDay > 0
      ? Math.round(((thisMonth - previousBySameDay) / previousBySameDay) * 100)
      : null;
  const summary =
    `${current.label}: ${cedis(thisMonth)} from ${plural(revenue.this_month.payments, 'payment')} so far. ` +
    `${previous.label}: ${cedis(revenue.last_month.amount)} from ${plural(revenue.last_month.payments, 'payment')} in all, ` +
    `${cedis(previousBySameDay)} by day ${soFar}.`;

  return (
    <section className="panel" aria-labelledby="revenue-heading">
      <div className="panel-head">
        <h2 id="revenue-heading">Revenue</h2>
        <span className="muted">Rental income, deposits excluded</span>
      </div>
      <div className="panel-body">
        <div className="revenue-figures">
          <div>
            <p className="figure-label">{current.label}</p>
            <p className="figure-value">{cedisWhole(thisMonth)}</p>
            <p className="figure-note">
              {plural(revenue.this_month.payments, 'payment')}
              {change !== null && (
                <span className={change >= 0 ? 'trend trend-up' : 'trend trend-down'}>
                  {change >= 0 ? '▲' : '▼'} {Math.abs(change)}% on {previous.label.split(' ')[0]} by
                  day {soFar}
                </span>
              )}
            </p>
          </div>
          <div>
            <p className="figure-label">{previous.label}</p>
            <p className="figure-value figure-value-muted">
              {cedisWhole(revenue.last_month.amount)}
            </p>
            <p className="figure-note">{plural(revenue.last_month.payments, 'payment')}</p>
          </div>
        </div>
        {!hasAmounts(current.daily, previous.daily) ? (
          <ChartEmpty note={`No payments received in ${previous.label} or ${current.label}.`} />
        ) : (
          <>
            <figure className="chart-figure">
              <RevenueRaceChart current={current} previous={previous} />
              <ul className="chart-legend" aria-hidden="true">
                <li>
                  <span className="legend-swatch" /> {current.label}, running total
                </li>
                <li>
                  <span className="legend-swatch is-previous" /> {previous.label}
                </li>
              </ul>
              <figcaption className="visually-hidden">{summary}</figcaption>
            </figure>
            <figure className="chart-figure">
              <p className="figure-label" aria-hidden="true">
                Each day of {current.label}
              </p>
              <DailyBars daily={current.daily} daysInMonth={current.daysInMonth} />
              <figcaption className="visually-hidden">
                Money received each day of {current.label}:{' '}
                {current.daily
                  .map((amount, i) => ({ day: i + 1, amount }))
                  .filter((d) => d.amount > 0)
                  .map((d) => `day ${d.day}, ${cedis(d.amount)}`)
                  .join('; ') || 'nothing yet'}
                .
              </figcaption>
            </figure>
          </>
        )}
      </div>
    </section>
  );
}

function Utilisation({ utilisation }: { utilisation: OwnerDashboard['utilisation'] }) {
  const percent = Math.round(utilisation.rate * 100);
  // STAFF-7: every day of the month for each car on offer, less the maintenance days.
  const month = formatMonth(utilisation.month);
  const days = daysInMonth(utilisation.month);
  const maintenance = Math.max(0, utilisation.cars * days - utilisation.available_days);
  return (
    <section className="panel" aria-labelledby="utilisation-heading">
      <div className="panel-head">
        <h2 id="utilisation-heading">Utilisation</h2>
        <span className="muted">{formatMonth(utilisation.month)}</span>
      </div>
      <div className="panel-body utilisation">
        <figure className="utilisation-figure">
          <RingGauge rate={utilisation.rate} />
          <figcaption>
            <strong>
              {percent}% of the fleet’s days booked in {month}
            </strong>
            <span>
              {`${plural(utilisation.booked_days, 'car-day')} booked of ${utilisation.available_days.toLocaleString('en-GH')} available: ` +
                `${plural(utilisation.cars, 'car')} on offer × ${days} days of ${month}` +
                (maintenance
                  ? `, less ${plural(maintenance, 'maintenance day')}.`
                  : ', none in maintenance.')}
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

function TodayList({
  id,
  title,
  icon,
  bookings,
  empty,
  today,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  bookings: AdminDashboardResponse['pickups'];
  empty: string;
  today: string;
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-head">
        <h2 id={id}>
          {icon}
          {title}
        </h2>
        <span className="panel-count">{bookings.length}</span>
      </div>
      {bookings.length ? (
        <BookingRows
          bookings={bookings}
          extra={(b) =>
            b.status === 'active' && b.end_date < today ? (
              <span className="row-alert">Overdue since {formatDate(b.end_date)}</span>
            ) : null
          }
        />
      ) : (
        <p className="panel-empty">{empty}</p>
      )}
    </section>
  );
}

function NeedsAction({ needs }: { needs: AdminDashboardResponse['needs_action'] }) {
  const count = needs.awaiting_cash.length + needs.flagged_payments.length;
  return (
    <section className="panel" aria-labelledby="needs-heading">
      <div className="panel-head">
        <h2 id="needs-heading">
          <AlertIcon size={20} />
          Needs action
        </h2>
        <span className={count ? 'panel-count is-alert' : 'panel-count'}>{count}</span>
      </div>
      {count === 0 ? (
        <p className="panel-empty">Nothing waiting: no cash to collect and no flagged payments.</p>
      ) : (
        <>
          {needs.flagged_payments.length > 0 && (
            <>
              <h3 className="panel-subhead">Flagged payments</h3>
              {/* One row per booking, with every flagged payment of it (a booking may have a
                  failed refund and cash to hand back at once). */}
              <BookingRows
                bookings={needs.flagged_payments.filter(
                  (f, i, all) => all.findIndex((other) => other.id === f.id) === i,
                )}
                extra={(b) =>
                  needs.flagged_payments
                    .filter((f) => f.id === b.id)
                    .map((flagged) => (
                      <span key={flagged.payment_reference} className="row-alert">
                        {flagLabel(flagged.flagged_reason)}{' '}
                        <span className="mono">({flagged.payment_reference})</span>
                      </span>
                    ))
                }
              />
            </>
          )}
          {needs.awaiting_cash.length > 0 && (
            <>
              <h3 className="panel-subhead">
                <CashIcon size={18} /> Pay on pickup, cash not recorded
              </h3>
              <BookingRows bookings={needs.awaiting_cash} />
            </>
          )}
        </>
      )}
    </section>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard · Staff');
  const dashboard = useDashboard();

  if (dashboard.isPending) return <LoadingState label="Loading the dashboard…" />;
  if (dashboard.isError) {
    return (
      <ErrorState
        title="Couldn't load the dashboard"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const data = dashboard.data;
  const overdue = data.returns.filter((b) => b.end_date < data.today).length;
  const needs = data.needs_action.awaiting_cash.length + data.needs_action.flagged_payments.length;

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        lead={`${dayName(data.today)}, ${formatDate(data.today)}`}
        actions={
          <Link to={adminPaths.adminBookings.getHref()} className="btn btn-outline btn-sm">
            <BookingsIcon size={18} />
            All bookings
          </Link>
        }
      />
      <dl className="kpis">
        <Stat
          label="Pickups today"
          value={String(data.pickups.length)}
          note={data.pickups.length === 1 ? 'car to hand over' : 'cars to hand over'}
        />
        <Stat
          label="Returns due"
          value={String(data.returns.length)}
          note={overdue ? `${overdue} overdue` : 'none overdue'}
          tone={overdue ? 'alert' : undefined}
        />
        <Stat
          label="Needs action"
          value={String(needs)}
          note={needs ? 'to collect or check' : 'all clear'}
          tone={needs ? 'alert' : undefined}
        />
        {/* The company's figures come to the owner only (ROLE-7). */}
        {data.revenue && (
          <Stat
            label="Revenue this month"
            value={cedisWhole(data.revenue.this_month.amount)}
            note={`${cedisWhole(data.revenue.last_month.amount)} last month`}
          />
        )}
        {/* The SMS bill (STAFF-36): what today's texts cost, and any the network did not deliver. */}
        {data.sms_today && (
          <Stat
            label="Texts sent today"
            value={data.sms_today.sent.toLocaleString('en-GH')}
            note={data.sms_today.failed ? `${data.sms_today.failed} not delivered` : 'none failed'}
            tone={data.sms_today.failed ? 'alert' : undefined}
            to={adminPaths.adminSms.getHref()}
          />
        )}
      </dl>
      <div className={data.revenue ? 'dashboard-grid' : 'dashboard-grid is-single'}>
        <div className="dashboard-col">
          <TodayList
            id="pickups-heading"
            title="Today's pickups"
            icon={<PickupIcon size={20} />}
            bookings={data.pickups}
            empty="No cars to hand over today."
            today={data.today}
          />
          <TodayList
            id="returns-heading"
            title="Returns due"
            icon={<ReturnIcon size={20} />}
            bookings={data.returns}
            empty="No cars due back today."
            today={data.today}
          />
          <NeedsAction needs={data.needs_action} />
        </div>
        {data.revenue && data.deposits && data.utilisation && (
          <div className="dashboard-col">
            <Revenue revenue={data.revenue} />
            <DepositsPanel deposits={data.deposits} />
            <Utilisation utilisation={data.utilisation} />
          </div>
        )}
      </div>
    </>
  );
}
