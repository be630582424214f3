import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { Link } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { formatCedis } from '../../../../shared/money';
import type { Booking } from '../../../../shared/schemas/bookings';
import { paths } from '../../../config/paths';
import { MOBILE_MONEY_NETWORK_LABELS } from '../../../../shared/constants';
import { formatMsisdn } from '../../../../shared/phone';
import type { Payment } from '../../../../shared/schemas/payments';
import { isOpen, usePaymentVerification, useSubmitOtp, type PaymentResult } from '../api/payments';
import { formatRemaining, useCountdown } from '../use-countdown';
import type { BookingFailure } from './payment-modal';

/** Moves focus to a panel's heading when it appears, so screen readers read the outcome. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function ProcessingPanel() {
  return (
    <div className="pay-panel" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="pay-panel-title">Processing Booking...</p>
      <p className="muted">Please keep this window open.</p>
    </div>
  );
}

function BookingCode({ code }: { code: string }) {
  return (
    <div className="pay-code">
      <span className="pay-code-label">Booking Code</span>
      <strong className="pay-code-value">{code || 'N/A'}</strong>
    </div>
  );
}

function DoneLinks() {
  return (
    <div className="pay-actions">
      <Link to={paths.home.getHref()} className="btn btn-outline">
        Go Home
      </Link>
      <Link to={paths.bookingHistory.getHref()} className="btn btn-primary">
        View Bookings
      </Link>
    </div>
  );
}

const CheckIcon = () => (
  <svg viewBox="0 0 48 48" className="pay-icon pay-icon-success" aria-hidden="true">
    <circle cx="24" cy="24" r="22" />
    <path
      d="M14 24.5l7 7 13-14"
      fill="none"
      strokeWidth="4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The booking stands: paid by mobile money, or to be paid in cash at pickup. */
export function BookingSuccessPanel({ booking }: { booking: Booking }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const paid = booking.payment_status === 'paid';
  return (
    <div className="pay-panel">
      <CheckIcon />
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        Booking Successful!
      </h3>
      <BookingCode code={booking.booking_code} />
      {!paid && (
        // The booking reads 'Pending' elsewhere: say what it waits for.
        <p className="pay-badge-line">
          <span className="badge badge-amber">Pay at pickup</span>
        </p>
      )}
      <p className="muted">
        {paid
          ? `We received your payment of ${formatCedis(booking.total_cost)}. Your car is confirmed for ${formatDate(booking.start_date)}.`
          : `The car is reserved for you. Pay ${formatCedis(booking.total_cost)} in cash when you pick it up on ${formatDate(booking.start_date)}; until then the booking shows as pending.`}{' '}
        Keep this code: we will ask for it at pickup.
      </p>
      <DoneLinks />
    </div>
  );
}

/** The attempt's network and number, as the renter will see them on the phone. */
function walletLine(payment: Payment) {
  const network = payment.network ? MOBILE_MONEY_NETWORK_LABELS[payment.network] : 'Mobile money';
  const number = payment.wallet_msisdn ? formatMsisdn(payment.wallet_msisdn) : '';
  return `${network} ${number}`.trim();
}

/**
 * Mobile money: nothing is paid until the server has verified it with the provider
 * (PAY-5). This panel waits for that, counting down the hold, and only then says
 * 'Booking Successful!' or 'Booking Failed'.
 */
export function MobileMoneyWaitingPanel({
  booking,
  payment,
  onTryAgain,
  settled,
}: {
  booking: Booking;
  payment: Payment;
  onTryAgain: () => void;
  /** What to show once the attempt is over, when not the booking's own outcome (a top-up). */
  settled?: (result: PaymentResult) => ReactNode;
}) {
  const verification = usePaymentVerification(payment.reference);
  const latest = verification.data;
  const remaining = useCountdown(payment.expires_at);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  if (latest && !isOpen(latest.payment) && settled) return settled(latest);
  if (latest && !isOpen(latest.payment)) {
    if (latest.booking.payment_status === 'paid')
      return <BookingSuccessPanel booking={latest.booking} />;
    return (
      <BookingFailedPanel
        failure={{
          status: 0,
          message:
            latest.payment.message ??
            `${messages.payment.declined} ${messages.payment.nothingCharged}`,
          fieldErrors: {},
        }}
        onTryAgain={onTryAgain}
      />
    );
  }
  const current = latest?.payment ?? payment;
  const step = current.step ?? 'pay_offline';
  return (
    <div className="pay-panel">
      <svg viewBox="0 0 48 48" className="pay-icon pay-icon-pending" aria-hidden="true">
        <rect x="14" y="4" width="20" height="40" rx="4" />
        <path d="M21 38h6" fill="none" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        {step === 'send_otp'
          ? 'Enter your Telecel Cash voucher'
          : step === 'pending'
            ? 'Waiting for your network'
            : 'Approve the payment on your phone'}
      </h3>
      {step === 'send_otp' ? (
        <VoucherForm payment={current} />
      ) : step === 'pending' ? (
        <p>
          Your network is confirming the payment of <strong>{formatCedis(payment.amount)}</strong>{' '}
          from <strong>{walletLine(payment)}</strong>. This can take a minute.
        </p>
      ) : (
        <p>
          We sent a request for <strong>{formatCedis(payment.amount)}</strong> to{' '}
          <strong>{walletLine(payment)}</strong>. Approve it with your mobile money PIN.
        </p>
      )}
      <BookingCode code={booking.booking_code} />
      {payment.expires_at && remaining !== null && (
        <p className="pay-hold">
          {remaining > 0 ? (
            <>
              The car is held for you for{' '}
              <span role="timer" aria-live="off" aria-label="Time left to approve">
                {formatRemaining(remaining)}
              </span>{' '}
              more
            </>
          ) : (
            <>Time is up. Checking one last time…</>
          )}
        </p>
      )}
      {step !== 'send_otp' && (
        <p className="pay-waiting muted" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" />{' '}
          {step === 'pending' ? 'Waiting for your network…' : 'Waiting for your approval…'}
        </p>
      )}
      {payment.provider === 'sandbox' && (
        <p className="pay-sandbox">
          Demo payments: there is no real phone prompt.{' '}
          <a href={paths.sandboxPay.getHref(payment.reference)} target="_blank" rel="noopener">
            Open the test phone
          </a>{' '}
          {step === 'send_otp' ? 'to get a voucher.' : 'to approve or decline.'}
        </p>
      )}
    </div>
  );
}

// The voucher's rule (SubmitOtpSchema), loaded after the page has rendered (lib/lazy-resolver.ts).
const voucherResolver = lazyResolver(() =>
  import('../../../../shared/schemas/payments').then((m) => m.SubmitOtpSchema),
);

/**
 * Telecel Cash: the renter makes a voucher on the phone (the provider's instruction says
 * how) and types it here; the server hands it to the provider.
 */
function VoucherForm({ payment }: { payment: Payment }) {
  const id = useId();
  const submit = useSubmitOtp(payment.reference);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: voucherResolver,
    defaultValues: { otp: '' },
    // The message stays until the next send; typing only clears it.
    reValidateMode: 'onSubmit',
  });
  const shown = errors.otp?.message ?? (submit.isError ? submit.error.message : null);

  const send = handleSubmit(({ otp }) => {
    if (submit.isPending) return;
    submit.mutate(otp);
  });

  return (
    <form className="pay-voucher" noValidate onSubmit={(event) => void send(event)}>
      <p id={`${id}-hint`}>
        {payment.display_text ??
          'Dial *110# on your phone to generate a voucher code, then enter it here.'}
      </p>
      <div className="field">
        <label htmlFor={`${id}-otp`}>Voucher code</label>
        <input
          id={`${id}-otp`}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          {...register('otp', { onChange: () => clearErrors('otp') })}
        />
        {shown && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {shown}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Send voucher'}
      </button>
    </form>
  );
}

/** Paystack's checkout page is loading in this tab. */
export function RedirectingPanel({ payment }: { payment: Payment }) {
  return (
    <div className="pay-panel" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="pay-panel-title">Taking you to Paystack…</p>
      {payment.authorization_url && (
        <p className="muted">
          Nothing happening? <a href={payment.authorization_url}>Continue to Paystack</a>.
        </p>
      )}
    </div>
  );
}

const FIELD_NAMES: Record<string, string> = {
  start_date: 'Start date',
  end_date: 'End date',
  destination: 'Destination',
  destination_type: 'Destination type',
  pickup_time: 'Pickup time',
  return_time: 'Return time',
  chauffeur: 'Chauffeur',
  child_seat: 'Child seat',
  delivery_address: 'Delivery address',
  payment_method: 'Payment method',
  car_id: 'Car',
};

export function BookingFailedPanel({
  failure,
  onTryAgain,
  onFix,
  title = 'Booking Failed',
}: {
  failure: BookingFailure;
  onTryAgain: () => void;
  /** BOOK-20: back to the form, where each field shows its own message. */
  onFix?: () => void;
  title?: string;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const fieldErrors =
    failure.status === 422
      ? Object.entries(failure.fieldErrors).flatMap(([field, list]) =>
          list.map((text) => ({
            field,
            text: FIELD_NAMES[field] ? `${FIELD_NAMES[field]}: ${text}` : text,
          })),
        )
      : [];
  return (
    <div className="pay-panel">
      <svg viewBox="0 0 48 48" className="pay-icon pay-icon-failed" aria-hidden="true">
        <circle cx="24" cy="24" r="22" />
        <path d="M16 16l16 16M32 16L16 32" fill="none" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1} className="pay-panel-title">
        {title}
      </h3>
      <p>{failure.message || messages.booking.createFailed}</p>
      {fieldErrors.length > 0 && (
        <ul className="pay-field-errors">
          {fieldErrors.map((e) => (
            <li key={`${e.field}:${e.text}`}>{e.text}</li>
          ))}
        </ul>
      )}
      <div className="pay-actions">
        <Link to={paths.home.getHref()} className="btn btn-outline">
          Go Home
        </Link>
        {onFix && failure.status === 422 ? (
          <button type="button" className="btn btn-primary" onClick={onFix}>
            Correct the details
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
