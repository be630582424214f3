import { useParams, useSearchParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCustomer } from '../api/console-api';
import { dayOf, phone, plural, telHref } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { bookingColumns } from '../../../components/console/booking-columns';
import { DataTable } from '../../../components/console/data-table';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { adminPaths } from '../../../config/admin-paths';
import { CustomerSmsLog } from '../../../components/console/sms-log';
import { CustomerDocuments } from '../components/customer-documents';

const back = { to: adminPaths.adminCustomers.getHref(), label: 'Customers' };
// On a customer's page the renter column would repeat the same person on every row.
const columns = bookingColumns.filter((c) => c.key !== 'renter');

export function CustomerPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const customerId = Number(id);
  const customer = useCustomer(customerId, page);
  usePageTitle(customer.data ? `${customer.data.customer.name} · Staff` : 'Customer · Staff');

  if (customer.isPending) return <LoadingState label="Loading the customer…" />;
  if (customer.isError) {
    return (
      <>
        <AdminPageHeader title="Customer" back={back} />
        <ErrorState
          title="Couldn't load this customer"
          error={customer.error}
          onRetry={() => void customer.refetch()}
        />
      </>
    );
  }
  const { customer: c, bookings, total, limit, last_page } = customer.data;

  return (
    <>
      <AdminPageHeader
        title={c.name}
        back={back}
        lead={`Renter since ${formatDate(dayOf(c.created_at))}`}
      />
      <section className="panel" aria-labelledby="contact-heading">
        <div className="panel-head">
          <h2 id="contact-heading">Contact</h2>
        </div>
        <dl className="customer-facts">
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(c.msisdn)}>{phone(c.msisdn)}</a>
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {c.email ? (
                <a href={`mailto:${c.email}`}>{c.email}</a>
              ) : (
                <span className="muted">Not given</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Bookings</dt>
            <dd>
              {c.bookings_count} <span className="muted">({c.live_bookings_count} live)</span>
            </dd>
          </div>
          <div>
            <dt>Last booking</dt>
            <dd>
              {c.last_booking_at ? (
                formatDate(dayOf(c.last_booking_at))
              ) : (
                <span className="muted">Never</span>
              )}
            </dd>
          </div>
        </dl>
      </section>
      <CustomerDocuments id={c.id} />
      <h2 className="section-title">Bookings</h2>
      {total === 0 ? (
        <EmptyState title={`${c.name} has not booked yet`} />
      ) : (
        <>
          <DataTable
            caption={`Bookings of ${c.name}`}
            columns={columns}
            rows={bookings}
            rowKey={(b) => b.id}
            stale={customer.isPlaceholderData}
          />
          <ListFooter
            page={page}
            limit={limit}
            total={total}
            lastPage={last_page}
            noun={plural(total, 'booking').replace(/^[\d,]+ /, '')}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
      <CustomerSmsLog id={c.id} />
    </>
  );
}
