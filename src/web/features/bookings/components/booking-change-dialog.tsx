import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { addDays, formatDate, todayInAccra } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { formatCedis } from '../../../../shared/money';
import {
  ChangeBookingInputSchema,
  type Booking,
  type BookingChangeResponse,
  type ChangeBookingInput,
  type Quote,
} from '../../../../shared/schemas/bookings';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useChangeBooking, useExtendBooking, useQuote } from '../api/bookings';
import { isOpen } from '../api/payments';
import { handoverSlots } from '../handover-times';
import type { ChangeMode } from './booking-changes';
import { CostSummary, CostSummarySkeleton } from './cost-summary';
import { MobileMoneyWaitingPanel } from './payment-panels';
import './booking-change-dialog.css';

interface BookingChangeDialogProps {
  mode: ChangeMode;
  booking: Booking;
  onClose: () => void;
  onDone: (message: string) => void;
}

type Draft = Pick<
  ChangeBookingInput,
  'start_date' | 'end_date' | 'pickup_time' | 'return_time' | 'chauffeur' | 'child_seat'
>;
type DraftField = keyof Draft;
type FieldErrors = Partial<Record<DraftField, string>>;

const DRAFT_FIELDS: DraftField[] = [
  'start_date',
  'end_date',
  'pickup_time',
  'return_time',
  'chauffeur',
  'child_seat',
];

/** The whole change as the API takes it: the draft over what the booking keeps. */
const tripOf = (booking: Booking, draft: Draft): ChangeBookingInput => ({
  start_date: draft.start_date,
  end_date: draft.end_date,
  pickup_time: draft.pickup_time,
  return_time: draft.return_time,
  chauffeur: draft.chauffeur,
  child_seat: draft.child_seat,
  destination: booking.destination,
  destination_type: booking.destination_type === 2 ? 2 : 1,
  delivery_address: booking.delivery_address,
});

/** Client-side checks, with the shared schema's own words (and the extension's one rule). */
function checkDraft(mode: ChangeMode, booking: Booking, draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'extend') {
    if (!draft.end_date) errors.end_date = messages.booking.endRequired;
    else if (draft.end_date <= booking.end_date) errors.end_date = messages.booking.extendNotLater;
    return errors;
  }
  const result = ChangeBookingInputSchema.safeParse(tripOf(booking, draft));
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as DraftField;
    if (DRAFT_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The same checks as the form's resolver, so Confirm goes through react-hook-form's submit. */
const draftResolver =
  (mode: ChangeMode, booking: Booking): Resolver<Draft> =>
  (values) => {
    const found = checkDraft(mode, booking, values);
    const errors = Object.fromEntries(
      Object.entries(found).map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

/**
 * What the new price means for the renter's pocket, in words. Nothing paid yet (pay on
 * pickup): the whole new total is paid at the counter, not only the difference (BOOK-18).
 */
function differenceText(booking: Booking, difference: number, total: number): string {
  if (difference === 0) return 'The price stays the same.';
  const amount = formatCedis(Math.abs(difference));
  if (booking.payment_status === 'unpaid') {
    return `${amount} ${difference > 0 ? 'more' : 'less'}; you pay the whole ${formatCedis(total)} ${booking.status === 'active' ? 'when you return the car' : 'at pickup'}.`;
  }
  if (difference < 0) {
    return booking.payment_status === 'paid'
      ? `${amount} less: we refund it${booking.payment_method === 'mobile_money' ? ' to your wallet' : ''}.`
      : `${amount} less than now.`;
  }
  return booking.payment_method === 'mobile_money' && booking.payment_status === 'paid'
    ? `${amount} more: we send a mobile money prompt for it.`
    : `${amount} more, paid ${booking.status === 'active' ? 'when you return the car' : 'at pickup'}.`;
}

/**
 * The change and extend dialog (BOOK-18, BOOK-19): the new dates, times and extras, re-quoted
 * live by the server with the difference, then sent. A dearer change of a booking paid by
 * mobile money comes back with a prompt, followed here in the payment window's own panel.
 */
export default function BookingChangeDialog({
  mode,
  booking,
  onClose,
  onDone,
}: BookingChangeDialogProps) {
  const id = useId();
  const today = todayInAccra();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    clearErrors,
    formState: { errors: formErrors },
  } = useForm<Draft>({
    resolver: draftResolver(mode, booking),
    defaultValues: {
      start_date: booking.start_date,
      end_date: mode === 'extend' ? addDays(booking.end_date, 1) : booking.end_date,
      pickup_time: booking.pickup_time,
      return_time: booking.return_time,
      chauffeur: booking.chauffeur,
      child_seat: booking.child_seat,
    },
    // Every field is checked as it changes (below); the server's word is set on the form.
    reValidateMode: 'onSubmit',
  });
  const draft = watch();
  const [prompt, setPrompt] = useState<BookingChangeResponse | null>(null);
  const change = useChangeBooking(booking.booking_code);
  const extend = useExtendBooking(booking.booking_code);
  const sending = mode === 'extend' ? extend : change;

  // Checked live, as the new price is quoted live: a wrong date is said at once.
  const own = checkDraft(mode, booking, draft);
  const valid = Object.keys(own).length === 0;
  // The server's word on a field stands until that field is edited again.
  const serverErrors: FieldErrors = {};
  for (const field of DRAFT_FIELDS) {
    const message = formErrors[field]?.message;
    if (message) serverErrors[field] = message;
  }
  const errors: FieldErrors = { ...serverErrors, ...own };
  const trip = tripOf(booking, draft);
  const unchanged = DRAFT_FIELDS.every((field) => draft[field] === booking[field]);
  const quote = useQuote(
    { carId: booking.car.id, trip, bookingCode: booking.booking_code },
    { enabled: valid && !unchanged },
  );
  const slots = handoverSlots(booking.branch.opens, booking.branch.closes);
  const title =
    prompt !== null
      ? 'Approve on your phone'
      : mode === 'extend'
        ? 'Extend your trip'
        : 'Change your booking';

  const registered = (name: DraftField) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        sending.reset();
      },
    });

  function done(data: BookingChangeResponse) {
    if (data.payment && isOpen(data.payment)) setPrompt(data);
    else onDone(data.message);
  }

  const submit = handleSubmit((values) => {
    if (sending.isPending) return;
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.status === 422) {
        const named: FieldErrors = {};
        for (const [field, list] of Object.entries(error.errors)) {
          if (DRAFT_FIELDS.includes(field as DraftField) && list[0])
            named[field as DraftField] = list[0];
        }
        for (const [name, message] of Object.entries(named))
          setError(name as DraftField, { type: 'server', message });
        const first = DRAFT_FIELDS.find((name) => named[name]);
        if (first) setFocus(first);
      }
    };
    if (mode === 'extend') {
      extend.mutate(
        { end_date: values.end_date, return_time: values.return_time },
        { onSuccess: done, onError },
      );
    } else {
      change.mutate(tripOf(booking, values), { onSuccess: done, onError });
    }
  });

  const fieldProps = (field: DraftField) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: DraftField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const timeSelect = (field: 'pickup_time' | 'return_time', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select className="input" {...fieldProps(field)} {...registered(field)}>
        {(slots.includes(draft[field]) ? slots : [draft[field], ...slots]).map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );

  // A mobile money prompt for the difference: the payment window's own waiting panel.
  if (prompt?.payment) {
    return (
      <Dialog open title={title} onClose={() => onDone(prompt.message)}>
        <MobileMoneyWaitingPanel
          booking={prompt.booking}
          payment={prompt.payment}
          onTryAgain={() => onDone(prompt.message)}
          settled={(result) => (
            <div className="pay-panel">
              <p
                className={`alert ${result.payment.status === 'success' ? 'alert-success' : 'alert-error'}`}
                role="status"
              >
                {result.payment.status === 'success'
                  ? `We received ${formatCedis(result.payment.amount)}. Your booking is changed and paid.`
                  : (result.payment.message ??
                    // BOOK-21: the booking's page offers the prompt again.
                    `${messages.payment.declined} Pay the difference with Pay now on the booking's page.`)}
              </p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => onDone(prompt.message)}
              >
                Done
              </button>
            </div>
          )}
        />
      </Dialog>
    );
  }

  const refused =
    sending.error && !(sending.error instanceof ApiError && sending.error.status === 422)
      ? sending.error.message
      : null;

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      closable={!sending.isPending}
      className="change-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="change-form">
        <p className="muted change-intro">
          {mode === 'extend'
            ? `Your trip ends on ${formatDate(booking.end_date)} at ${booking.return_time}. Choose a later return date.`
            : 'The car, destination and pickup branch stay the same.'}
        </p>
        <div className="change-fields">
          {mode === 'change' && (
            <div className="field">
              <label htmlFor={`${id}-start_date`}>Start date</label>
              <input
                type="date"
                className="input"
                min={today}
                {...fieldProps('start_date')}
                {...registered('start_date')}
              />
              {fieldError('start_date')}
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-end_date`}>
              {mode === 'extend' ? 'New return date' : 'End date'}
            </label>
            <input
              type="date"
              className="input"
              min={mode === 'extend' ? addDays(booking.end_date, 1) : draft.start_date}
              {...fieldProps('end_date')}
              {...registered('end_date')}
            />
            {fieldError('end_date')}
          </div>
          {mode === 'change' && timeSelect('pickup_time', 'Pickup time')}
          {timeSelect('return_time', 'Return time')}
        </div>
        {mode === 'change' && (
          <fieldset className="change-extras">
            <legend>Extras</legend>
            <label className="change-check">
              <input type="checkbox" {...registered('chauffeur')} />
              Chauffeur
            </label>
            <label className="change-check">
              <input type="checkbox" {...registered('child_seat')} />
              Child seat
            </label>
          </fieldset>
        )}

        <NewPrice
          booking={booking}
          quote={quote.data}
          pending={valid && !unchanged && quote.isPending}
          error={quote.isError ? quote.error : null}
          unchanged={unchanged}
        />

        {refused && (
          <p className="alert alert-error" role="alert">
            {refused}
          </p>
        )}

        <div className="change-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={onClose}
            disabled={sending.isPending}
          >
            Keep as it is
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!valid || unchanged || sending.isPending || quote.data?.available === false}
          >
            {sending.isPending ? 'Saving…' : mode === 'extend' ? 'Extend trip' : 'Confirm change'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The re-quote: its lines, the difference in words, or why there is none (BOOK-18). */
function NewPrice({
  booking,
  quote,
  pending,
  error,
  unchanged,
}: {
  booking: Booking;
  quote: Quote | undefined;
  pending: boolean;
  error: Error | null;
  unchanged: boolean;
}) {
  if (unchanged) {
    return <p className="change-note">Now {formatCedis(booking.total_cost)} in all.</p>;
  }
  if (pending) return <CostSummarySkeleton />;
  if (error || !quote) {
    return (
      <p className="change-note" role="status">
        {error instanceof ApiError && Object.values(error.errors).flat()[0]
          ? Object.values(error.errors).flat()[0]
          : 'We price the change when you confirm it.'}
      </p>
    );
  }
  if (!quote.available) {
    return (
      <p className="alert alert-error" role="alert">
        {messages.booking.unavailable}
      </p>
    );
  }
  return (
    <div className="change-price" aria-live="polite">
      <CostSummary title="New price" price={quote} />
      {quote.difference !== undefined && (
        <p className="change-difference">
          <strong>{differenceText(booking, quote.difference, quote.total_cost)}</strong>
        </p>
      )}
    </div>
  );
}
