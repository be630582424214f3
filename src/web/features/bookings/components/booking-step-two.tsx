import { useState, type Ref } from 'react';
import { formatDate } from '../../../../shared/dates';
import type { Car } from '../../../../shared/schemas/cars';
import { VerifyPhoneForm } from '../../../components/verify-phone-form';
import { refreshSignedInUser, useSignedInUser } from '../../../lib/session-store';
import { useQuote } from '../api/bookings';
import type { BookingDetailsOutput } from './booking-form-types';
import { BookingSummaryStep } from './booking-summary-step';
import { PaymentModal, type BookingFailure } from './payment-modal';

/**
 * The booking's second step (PAGE-8): the summary, the code form for an unverified number,
 * and the payment window. Its own chunk, loaded when the browser is idle after step 1 has
 * rendered (booking-wizard.tsx), so it is not in the booking page's first load (PAGE-18).
 */
interface SummaryWithPaymentProps {
  car: Car;
  details: BookingDetailsOutput;
  paying: boolean;
  setPaying: (open: boolean) => void;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onValidationFailure: (failure: BookingFailure) => void;
}

export function SummaryWithPayment({
  car,
  details,
  paying,
  setPaying,
  headingRef,
  onBack,
  onValidationFailure,
}: SummaryWithPaymentProps) {
  // Same query key as the summary's own: the modal reads the cached quote, no second call.
  const quote = useQuote({ carId: car.id, trip: details });
  const user = useSignedInUser();
  const [verifying, setVerifying] = useState(false);
  const [checking, setChecking] = useState(false);

  /**
   * ACCT-12, ACCT-15: booking needs a verified number, so an unverified renter is asked for the code
   * here, in place of the payment step, and the trip they chose stays as it is. The cached
   * user may be older than a verification made elsewhere, so the server's copy decides.
   */
  async function proceed() {
    if (user?.phone_verified) {
      setPaying(true);
      return;
    }
    setChecking(true);
    try {
      const fresh = await refreshSignedInUser();
      if (fresh.phone_verified) setPaying(true);
      else setVerifying(true);
    } catch {
      // Could not ask: the payment step tries, and the server's answer is shown there.
      setPaying(true);
    } finally {
      setChecking(false);
    }
  }

  /**
   * The payment window closed. If booking was refused for an unverified number (403, ACCT-12),
   * the code form comes up instead of the summary.
   */
  async function afterPayment() {
    setPaying(false);
    try {
      const fresh = await refreshSignedInUser();
      if (!fresh.phone_verified) setVerifying(true);
    } catch {
      /* the summary stays; nothing more to say */
    }
  }

  if (verifying && user) {
    return (
      <div className="card booking-panel">
        <h1 ref={headingRef} tabIndex={-1} className="booking-step-title">
          Verify your phone number to book
        </h1>
        <p className="muted booking-step-intro">
          One quick step before payment, needed only once. Your{' '}
          <strong>
            {car.year} {car.make} {car.model}
          </strong>{' '}
          from {formatDate(details.start_date)} to {formatDate(details.end_date)} is kept.
        </p>
        <VerifyPhoneForm
          idPrefix="booking-verify"
          msisdn={user.msisdn}
          autoFocus
          onVerified={() => {
            setVerifying(false);
            setPaying(true);
          }}
          secondary={
            <button type="button" className="btn btn-outline" onClick={() => setVerifying(false)}>
              Back to summary
            </button>
          }
        />
      </div>
    );
  }

  return (
    <>
      <BookingSummaryStep
        car={car}
        details={details}
        headingRef={headingRef}
        onBack={onBack}
        onProceed={() => void proceed()}
        proceeding={checking}
      />
      <PaymentModal
        open={paying}
        carId={car.id}
        details={details}
        total={quote.data?.total_cost}
        onClose={() => void afterPayment()}
        onValidationFailure={onValidationFailure}
      />
    </>
  );
}
