import { Link, useParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import { HandoverReceipt } from '../../../components/handover-receipt';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../../../config/admin-paths';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { ErrorState, LoadingState } from '../../../components/console/states';
import { useAdminHandover } from '../api/handover-api';
import './handover.css';

/** The printable handover receipt of a booking (HAND-9): print hides the console around it. */
export function HandoverReceiptPage() {
  const { code = '' } = useParams();
  usePageTitle(`Handover ${code}`);
  const receipt = useAdminHandover(code);
  if (receipt.isPending) return <LoadingState label="Loading the handover…" />;
  if (receipt.isError)
    return (
      <ErrorState
        title="The handover could not be loaded"
        error={receipt.error}
        onRetry={() => void receipt.refetch()}
      />
    );
  const r = receipt.data;
  return (
    <div className="handover-page handover-receipt-page">
      <AdminPageHeader
        title={`Handover receipt · ${r.booking_code}`}
        lead={`${r.renter_name} · ${r.car} · ${formatDate(r.start_date)} to ${formatDate(r.end_date)}`}
        back={{ to: adminPaths.adminBooking.getHref(r.booking_code), label: r.booking_code }}
        actions={
          <>
            {!r.pickup && (
              <Link className="btn btn-outline" to={adminPaths.adminPickup.getHref(r.booking_code)}>
                Pick-up form
              </Link>
            )}
            {r.pickup && !r.return && (
              <Link className="btn btn-outline" to={adminPaths.adminReturn.getHref(r.booking_code)}>
                Return form
              </Link>
            )}
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              Print
            </button>
          </>
        }
      />
      <HandoverReceipt receipt={r} printable />
    </div>
  );
}
