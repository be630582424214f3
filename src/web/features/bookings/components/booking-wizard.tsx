import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from '../../../lib/router';
import { DEFAULT_HANDOVER_TIME } from '../../../../shared/constants';
import { addDays, timeInAccra, todayInAccra } from '../../../../shared/dates';
import type { Car } from '../../../../shared/schemas/cars';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { lazyPart } from '../../../lib/lazy-part';
import type { TripDates } from '../../../lib/trip-dates';
import { firstPickupDay, handoverSlots, USUAL_HOURS } from '../handover-times';
import { BookingDatesStep } from './booking-dates-step';
import { bookingDetailsResolver, loadBookingDetailsRules } from './booking-details-resolver';
import {
  BOOKING_DETAIL_FIELDS,
  type BookingDetailField,
  type BookingDetailsInput,
  type BookingDetailsOutput,
} from './booking-form-types';
import { BookingSteps } from './booking-steps';
import { CarSnapshot } from './car-snapshot';
import type { BookingFailure } from './payment-modal';
import './booking-wizard.css';

// Step 2 and the payment window: not in the page's first load (PAGE-18), in by the time step 1
// is filled in. Loaded when the browser is idle, after step 1's rules (the first blur needs
// those).
const SummaryWithPayment = lazyPart(
  () => import('./booking-step-two').then((m) => m.SummaryWithPayment),
  { after: loadBookingDetailsRules },
);

// LIMIT-13 said on step 1: its own chunk, fetched beside the page's data (PAGE-18).
const UnpaidLimitNotice = lazyPart(() => import('./unpaid-limit-notice').then((m) => m.default), {
  start: 'now',
});

/**
 * /booking-details (PAGE-8): step 1 → step 2 → payment modal. `initialDates`: the dates the
 * renter chose in the car list; otherwise the first day a car can still be collected.
 */
export function BookingWizard({
  car,
  initialDates = null,
}: {
  car: Car;
  initialDates?: TripDates | null;
}) {
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
      // The usual hours: the car's branch is not loaded yet (step 1 keeps the times right).
      const slots = handoverSlots(USUAL_HOURS.opens, USUAL_HOURS.closes);
      const start = firstPickupDay(slots, todayInAccra(), timeInAccra());
      return {
        start_date: initialDates?.start_date ?? start,
        end_date: initialDates?.end_date ?? addDays(start, 1),
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
    // A transition: should step 2's chunk still be on its way, step 1 stays on screen until
    // it is in (not a spinner), and the focus effect above finds the new step's heading.
    startTransition(() => setStep(next));
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
        {step === 1 && (
          <Suspense fallback={null}>
            <UnpaidLimitNotice />
          </Suspense>
        )}
        {/* On screen from step 1, so the move to step 2 (a transition) keeps step 1 shown
            while step 2's chunk loads; the fallback shows only if that chunk fails first. */}
        <Suspense
          fallback={
            <div className="center-state">
              <Spinner label="Loading…" />
            </div>
          }
        >
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
        </Suspense>
      </div>
      {step === 1 && <CarSnapshot car={car} />}
    </div>
  );
}
