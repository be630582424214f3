import { useEffect, useRef, useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from '../../../lib/router';
import { DEFAULT_HANDOVER_TIME } from '../../../../shared/constants';
import { addDays, formatDate, todayInAccra } from '../../../../shared/dates';
import type { Car } from '../../../../shared/schemas/cars';
import { VerifyPhoneForm } from '../../../components/verify-phone-form';
import { paths } from '../../../config/paths';
import { refreshSignedInUser, useAuth } from '../../../lib/session-store';
import { useQuote } from '../api/bookings';
import { BookingDatesStep } from './booking-dates-step';
import { bookingDetailsResolver } from './booking-details-resolver';
import {
  BOOKING_DETAIL_FIELDS,
  type BookingDetailField,
  type BookingDetailsInput,
  type BookingDetailsOutput,
} from './booking-form-types';
import { BookingSteps } from './booking-steps';
import { BookingSummaryStep } from './booking-summary-step';
import { CarSnapshot } from './car-snapshot';
import { PaymentModal, type BookingFailure } from './payment-modal';
import './booking-wizard.css';

/** /booking-details (PAGE-8): step 1 → step 2 → payment modal. */
export function BookingWizard({ car }: { car: Car }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<1 | 2>(1);
  const [details, setDetails] = useState<BookingDetailsOutput | null>(null);
  const [paying, setPaying] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** After a refused booking, the first field the server named takes focus (BOOK-20). */
  const focusField = useRef<BookingDetailField | null>(null);

  const form = useForm<BookingDetailsInput, unknown, BookingDetailsOutput>({
    mode: 'onTouched',
    resolver: bookingDetailsResolver,
    defaultValues: (() => {
      const today = todayInAccra();
      return {
        start_date: today,
        end_date: addDays(today, 1),
        pickup_time: DEFAULT_HANDOVER_TIME,
        return_time: DEFAULT_HANDOVER_TIME,
        destination: '',
        destination_type: undefined,
        chauffeur: false,
        child_seat: false,
        delivery: false,
        delivery_address: '',
      };
    })(),
  });

  // After a step change (not on first render) the new step's heading takes focus, so
  // keyboard and screen reader users start reading at the top of the new step.
  useEffect(() => {
    if (!moved.current) return;
    const field = focusField.current;
    focusField.current = null;
    if (field) {
      form.setFocus(field);
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step, form]);

  function goTo(next: 1 | 2) {
    moved.current = true;
    setStep(next);
  }

  function cancel() {
    // Opened directly (no page to go back to): the fleet is the sensible place to land.
    if (location.key === 'default') void navigate(paths.availableCars.getHref());
    else void navigate(-1);
  }

  /**
   * BOOK-20: a 422 names every failing field at once; each goes next to its own field, the
   * rest (car, payment) above the form, and the first field named takes focus.
   */
  function showServerErrors(failure: BookingFailure) {
    const named = Object.entries(failure.fieldErrors).filter(([, list]) => list[0]);
    const leftovers: string[] = [];
    for (const [field, list] of named) {
      if (!(BOOKING_DETAIL_FIELDS as readonly string[]).includes(field)) leftovers.push(list[0]!);
    }
    const fields = BOOKING_DETAIL_FIELDS.filter((field) => failure.fieldErrors[field]?.[0]);
    for (const field of fields) {
      form.setError(field, { type: 'server', message: failure.fieldErrors[field]![0] });
    }
    if (fields.includes('delivery_address')) form.setValue('delivery', true);
    setFormError(
      leftovers.length > 0 ? leftovers.join(' ') : fields.length > 0 ? null : failure.message,
    );
    focusField.current = fields[0] ?? null;
    goTo(1);
  }

  return (
    <div className={`booking-layout is-step-${step}`}>
      <BookingSteps current={step} />
      <div className="booking-main">
        {step === 1 || !details ? (
          <BookingDatesStep
            car={car}
            form={form}
            headingRef={heading}
            formError={formError}
            onCancel={cancel}
            onValid={(values) => {
              setDetails(values);
              setFormError(null);
              goTo(2);
            }}
          />
        ) : (
          <SummaryWithPayment
            car={car}
            details={details}
            paying={paying}
            setPaying={setPaying}
            headingRef={heading}
            onBack={() => goTo(1)}
            onValidationFailure={showServerErrors}
          />
        )}
      </div>
      {step === 1 && <CarSnapshot car={car} />}
    </div>
  );
}

interface SummaryWithPaymentProps {
  car: Car;
  details: BookingDetailsOutput;
  paying: boolean;
  setPaying: (open: boolean) => void;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onValidationFailure: (failure: BookingFailure) => void;
}

function SummaryWithPayment({
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
  const { user } = useAuth();
  const [verifying, setVerifying] = useState(false);
  const [checking, setChecking] = useState(false);

  /**
   * ACCT-12, ACCT-15: booking needs a verified number, so an unverified renter is asked for the code
   * here, in place of the payment step, and the trip they chose stays as it is. The stored
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
