import { Link } from '../../../lib/router';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { BookingFailedPanel, BookingSuccessPanel } from './payment-panels';
import { messages } from '../../../../shared/messages';
import { isOpen, usePaymentVerification } from '../api/payments';
import './payment-modal.css';

/**
 * Where Paystack sends the renter back. The page asks the server to verify the payment (and
 * keeps asking while the provider still says pending); it never trusts the query string.
 */
export function PaymentReturn({ reference }: { reference: string | null }) {
  const verification = usePaymentVerification(reference);
  let body;
  if (!reference) {
    body = <p>{messages.payment.notFound}</p>;
  } else if (verification.isError) {
    body = <p role="alert">{verification.error.message}</p>;
  } else if (!verification.data || isOpen(verification.data.payment)) {
    body = (
      <div className="pay-panel">
        <Spinner label="Confirming your payment…" />
        <p className="pay-panel-title">Confirming your payment…</p>
        <p className="muted">This takes a few seconds. Please keep this page open.</p>
      </div>
    );
  } else if (verification.data.booking.payment_status === 'paid') {
    body = <BookingSuccessPanel booking={verification.data.booking} />;
  } else {
    const { payment, booking } = verification.data;
    body = (
      <BookingFailedPanel
        failure={{
          status: 0,
          message: payment.message ?? messages.payment.declined,
          fieldErrors: {},
        }}
        onTryAgain={() => window.location.assign(paths.carDetails.getHref(booking.car.id))}
      />
    );
  }
  return (
    <div className="container">
      <div className="card payment-return">
        <h1 className="visually-hidden">Payment</h1>
        {body}
        {!reference && (
          <Link to={paths.bookingHistory.getHref()} className="btn btn-primary">
            Go to my bookings
          </Link>
        )}
      </div>
    </div>
  );
}
