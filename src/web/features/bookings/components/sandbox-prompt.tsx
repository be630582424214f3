import { SandboxVoucher } from './sandbox-voucher';
import { Link } from '../../../lib/router';
import { MOBILE_MONEY_NETWORK_LABELS } from '../../../../shared/constants';
import { formatCedis } from '../../../../shared/money';
import { formatMsisdn } from '../../../../shared/phone';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatRemaining, useCountdown } from '../use-countdown';
import { useSandboxDecision, useSandboxTransaction } from '../api/payments';
import './sandbox-prompt.css';

/**
 * The sandbox provider's stand-in for the mobile money prompt on the renter's phone
 * (PAY-13). Approve or Decline goes through the same verification and confirmation
 * as a real Paystack payment; only the provider's ledger is local.
 */
export function SandboxPrompt({ reference }: { reference: string }) {
  const transaction = useSandboxTransaction(reference);
  const decision = useSandboxDecision(reference);
  const remaining = useCountdown(transaction.data?.expires_at);

  if (transaction.isPending) {
    return (
      <div className="center-state">
        <Spinner label="Loading the payment request…" />
      </div>
    );
  }
  if (transaction.isError) {
    const notFound = transaction.error instanceof ApiError && transaction.error.status === 404;
    return (
      <div className="phone-card">
        <h1 className="phone-title">
          {notFound ? 'Payment request not found' : 'Could not load the payment request'}
        </h1>
        <p className="muted">{transaction.error.message}</p>
        <Link to={paths.bookingHistory.getHref()} className="btn btn-primary btn-block">
          Go to my bookings
        </Link>
      </div>
    );
  }

  const t = transaction.data;
  const result = decision.data;
  const status = result
    ? result.booking.payment_status === 'paid'
      ? 'success'
      : 'failed'
    : t.status;
  const expired = remaining === 0;
  const needsVoucher = status === 'pending' && t.step === 'send_otp';
  return (
    <div className="phone-card">
      <p className="phone-banner">Test mode · no real money moves</p>
      <p className="phone-network">
        {t.network ? MOBILE_MONEY_NETWORK_LABELS[t.network] : 'Mobile money'}
      </p>
      <h1 className="phone-title">
        {
          {
            pending: needsVoucher ? 'Generate a voucher' : 'Approve payment?',
            success: 'Payment sent',
            reversed: 'Payment refunded',
            failed: 'No payment made',
            cancelled: 'Request no longer valid',
          }[status]
        }
      </h1>
      <dl className="phone-facts">
        <div>
          <dt>Pay to</dt>
          <dd>CarLink Ghana</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd className="phone-amount">{formatCedis(t.amount)}</dd>
        </div>
        <div>
          <dt>From wallet</dt>
          <dd>{t.wallet_msisdn ? formatMsisdn(t.wallet_msisdn) : '—'}</dd>
        </div>
        <div>
          <dt>Booking</dt>
          <dd>{t.booking_code}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="phone-reference">{t.reference}</dd>
        </div>
      </dl>

      {needsVoucher ? (
        <SandboxVoucher
          footer={
            <p className="muted">This page moves on by itself once the voucher is entered.</p>
          }
        />
      ) : status === 'pending' ? (
        <>
          {remaining !== null && (
            <p className="phone-timer">
              {expired ? 'This request has expired.' : <>Expires in {formatRemaining(remaining)}</>}
            </p>
          )}
          {decision.isError && (
            <p className="field-error" role="alert">
              {decision.error.message}
            </p>
          )}
          <div className="phone-actions">
            <button
              type="button"
              className="btn btn-outline"
              disabled={decision.isPending}
              onClick={() => decision.mutate('decline')}
            >
              Decline
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={decision.isPending}
              onClick={() => decision.mutate('approve')}
            >
              {decision.isPending ? 'Sending…' : 'Approve'}
            </button>
          </div>
        </>
      ) : (
        <div className="phone-result" role="status">
          <p className={status === 'success' ? 'phone-ok' : 'phone-no'}>
            {status === 'success'
              ? 'Payment approved.'
              : status === 'reversed'
                ? 'This payment was refunded.'
                : status === 'cancelled'
                  ? `CarLink Ghana withdrew this request: booking ${t.booking_code} was cancelled. Nothing was charged.`
                  : (result?.payment.message ?? 'Payment declined.')}
          </p>
          <p className="muted">You can close this tab and go back to CarLink Ghana.</p>
          <Link to={paths.booking.getHref(t.booking_code)} className="btn btn-outline btn-block">
            View booking {t.booking_code}
          </Link>
        </div>
      )}
    </div>
  );
}
