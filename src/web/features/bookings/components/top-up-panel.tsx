import { formatCedis } from '../../../../shared/money';
import { formatMsisdn } from '../../../../shared/phone';
import type { Booking } from '../../../../shared/schemas/bookings';
import { paths } from '../../../config/paths';
import { useTopUp } from '../api/bookings';
import { usePaymentVerification } from '../api/payments';

/**
 * BOOK-21: what a dearer change of a paid mobile money booking left to pay, and how to pay it
 * now: while its prompt is open, approve it on the phone (this page keeps asking the provider);
 * otherwise (declined, not approved in time, never sent) a button sends the prompt again. The
 * server refuses a second prompt while one is open, so two cannot both be approved.
 */
export function TopUpPanel({
  booking,
  onAsked,
}: {
  booking: Booking;
  /** The prompt is on its way: the server's words for it. */
  onAsked: (message: string) => void;
}) {
  const topUp = useTopUp(booking.booking_code);
  const amount = formatCedis(booking.top_up_due);
  // A paid booking's open attempt can only be its top-up: the first payment is settled.
  const open = booking.payment?.status === 'pending' ? booking.payment : null;
  usePaymentVerification(open?.reference ?? null);

  if (open) {
    return (
      <p className="alert alert-info detail-balance" role="status">
        Approve the mobile money prompt for <strong>{amount}</strong> on your phone
        {open.wallet_msisdn ? ` (${formatMsisdn(open.wallet_msisdn)})` : ''}. This page updates once
        it is paid.
        {open.provider === 'sandbox' && (
          <>
            {' '}
            <a href={paths.sandboxPay.getHref(open.reference)} target="_blank" rel="noopener">
              Open the test phone prompt
            </a>
          </>
        )}
      </p>
    );
  }
  return (
    <div className="alert alert-info detail-balance">
      <p>
        Part paid: <strong>{amount}</strong> for your change is still to pay by mobile money.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={topUp.isPending}
        onClick={() => topUp.mutate(undefined, { onSuccess: (data) => onAsked(data.message) })}
      >
        {`Pay ${amount} now`}
      </button>
      {topUp.isError && (
        <p className="alert alert-danger" role="alert">
          {topUp.error.message}
        </p>
      )}
    </div>
  );
}
