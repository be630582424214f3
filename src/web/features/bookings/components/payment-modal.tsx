import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router';
import {
  MOBILE_MONEY_NETWORK_LABELS,
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type PaymentMethod,
} from '../../../../shared/constants';
import { guessNetwork, isGhanaMobileNumber } from '../../../../shared/mobile-money';
import type { Payment } from '../../../../shared/schemas/payments';
import { useAuth } from '../../../lib/session-store';
import { messages } from '../../../../shared/messages';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCreateBooking } from '../api/bookings';
import { isOpen, usePaymentVerification } from '../api/payments';
import { formatCedis } from '../../../../shared/money';
import { useIdempotencyKey } from '../idempotency-key';
import type { BookingDetailsOutput } from './booking-form-types';
import {
  BookingFailedPanel,
  BookingSuccessPanel,
  MobileMoneyWaitingPanel,
  ProcessingPanel,
  RedirectingPanel,
} from './payment-panels';
import './payment-modal.css';

export interface BookingFailure {
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
}

interface PaymentModalProps {
  open: boolean;
  carId: number;
  details: BookingDetailsOutput;
  /** The server's total for these dates, shown beside the choice when known. */
  total: number | undefined;
  onClose: () => void;
  /** PAGE-8: after a 422 is closed, its field errors go back to the form. */
  onValidationFailure: (failure: BookingFailure) => void;
}

type Outcome =
  | { kind: 'booked'; booking: Booking }
  | { kind: 'awaiting-payment'; booking: Booking; payment: Payment }
  | ({ kind: 'failed' } & BookingFailure)
  | null;

/** '0244123456' for a stored '233244123456': how people write their own number. */
const localNumber = (msisdn: string | undefined) =>
  msisdn?.startsWith('233') ? `0${msisdn.slice(3)}` : (msisdn ?? '');

const OPTIONS: { value: PaymentMethod; label: string; hint: string }[] = [
  {
    value: 'mobile_money',
    label: 'Mobile Money',
    hint: 'MTN MoMo, Telecel Cash or AirtelTigo Money. We hold the car for 15 minutes while you pay.',
  },
  {
    value: 'payOnPickup',
    label: 'Payment on Pickup',
    hint: 'Pay in cash when you collect the car.',
  },
];

function toFailure(error: unknown): BookingFailure {
  if (error instanceof ApiError)
    return { status: error.status, message: error.message, fieldErrors: error.errors };
  return { status: 0, message: messages.booking.createFailed, fieldErrors: {} };
}

/** A network error or a 5xx may hide a booking the server did make: retry with the same key. */
const mayHaveBooked = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The payment-method modal (PAGE-8). Its Submit is the only thing that creates a booking
 * (BOOK-14).
 */
export function PaymentModal({
  open,
  carId,
  details,
  total,
  onClose,
  onValidationFailure,
}: PaymentModalProps) {
  const id = useId();
  const navigate = useNavigate();
  const createBooking = useCreateBooking();
  const idempotency = useIdempotencyKey();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { user } = useAuth();
  // The renter's own choice of network; until they make one, it is guessed from the number.
  const [chosenNetwork, setNetwork] = useState<MobileMoneyNetwork | null>(null);
  const [wallet, setWallet] = useState(() => localNumber(user?.msisdn));
  const guessedNetwork = guessNetwork(wallet);
  const network = chosenNetwork ?? guessedNetwork;
  const [walletErrors, setWalletErrors] = useState<{ network?: string; wallet?: string }>({});
  const firstOption = useRef<HTMLInputElement>(null);
  const firstNetwork = useRef<HTMLInputElement>(null);
  const walletInput = useRef<HTMLInputElement>(null);
  const submitting = createBooking.isPending;

  // Each opening starts at the choice; a booking made earlier never shows again. (Set while
  // rendering, React's way to adjust state to a changed prop, rather than in an effect.)
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOutcome(null);
      setMethodError(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!method) {
      setMethodError(messages.booking.paymentMethodRequired);
      firstOption.current?.focus();
      return;
    }
    if (method === 'mobile_money') {
      const errors = {
        network: network ? undefined : messages.payment.networkRequired,
        wallet: isGhanaMobileNumber(wallet) ? undefined : messages.payment.walletInvalid,
      };
      setWalletErrors(errors);
      if (errors.network) return firstNetwork.current?.focus();
      if (errors.wallet) return walletInput.current?.focus();
    }
    const input =
      method === 'mobile_money'
        ? {
            ...details,
            car_id: carId,
            payment_method: method,
            network: network!,
            wallet_msisdn: wallet,
          }
        : { ...details, car_id: carId, payment_method: method };
    createBooking.mutate(
      { input, idempotencyKey: idempotency.keyFor(input) },
      {
        onSuccess: (data) => {
          idempotency.settle();
          if (
            data.payment?.provider === 'paystack' &&
            data.payment.status === 'pending' &&
            data.payment.authorization_url
          ) {
            // A card checkout: Paystack's own page takes over and sends the renter back to
            // /payment/callback. Mobile money never goes there: the prompt is on the phone.
            window.location.assign(data.payment.authorization_url);
          }
          setOutcome(
            data.payment
              ? { kind: 'awaiting-payment', booking: data.booking, payment: data.payment }
              : { kind: 'booked', booking: data.booking },
          );
        },
        onError: (error) => {
          if (!mayHaveBooked(error)) idempotency.settle();
          setOutcome({ kind: 'failed', ...toFailure(error) });
        },
      },
    );
  }

  function close() {
    if (submitting) return;
    if (outcome?.kind === 'booked') {
      void navigate(paths.availableCars.getHref());
      return;
    }
    if (outcome?.kind === 'awaiting-payment') {
      // The payment may still arrive: the booking's page keeps watching it.
      void navigate(paths.booking.getHref(outcome.booking.booking_code));
      return;
    }
    if (outcome?.kind === 'failed') {
      const failure = outcome;
      setOutcome(null);
      setMethod(null);
      createBooking.reset();
      onClose();
      if (failure.status === 422) onValidationFailure(failure);
      return;
    }
    onClose();
  }

  function tryAgain() {
    setOutcome(null);
    createBooking.reset();
  }

  const title = useWindowTitle(outcome);

  let body;
  if (outcome?.kind === 'booked') {
    body = <BookingSuccessPanel booking={outcome.booking} />;
  } else if (outcome?.kind === 'awaiting-payment') {
    body =
      outcome.payment.provider === 'paystack' &&
      outcome.payment.status === 'pending' &&
      outcome.payment.authorization_url ? (
        <RedirectingPanel payment={outcome.payment} />
      ) : (
        <MobileMoneyWaitingPanel
          booking={outcome.booking}
          payment={outcome.payment}
          onTryAgain={tryAgain}
        />
      );
  } else if (outcome?.kind === 'failed') {
    body = <BookingFailedPanel failure={outcome} onTryAgain={tryAgain} onFix={close} />;
  } else {
    body = (
      <form noValidate onSubmit={submit} aria-busy={submitting || undefined}>
        {submitting ? (
          <ProcessingPanel />
        ) : (
          <fieldset
            className="pay-options"
            aria-describedby={methodError ? `${id}-error` : undefined}
          >
            <legend className="visually-hidden">Payment method</legend>
            {OPTIONS.map((option, i) => (
              <label key={option.value} className="pay-option">
                <input
                  ref={i === 0 ? firstOption : undefined}
                  type="radio"
                  name="payment_method"
                  value={option.value}
                  checked={method === option.value}
                  onChange={() => {
                    setMethod(option.value);
                    setMethodError(null);
                  }}
                />
                <span className="pay-option-text">
                  <span className="pay-option-label">{option.label}</span>
                  <span className="pay-option-hint">{option.hint}</span>
                </span>
              </label>
            ))}
            {methodError && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {methodError}
              </p>
            )}
          </fieldset>
        )}
        {!submitting && method === 'mobile_money' && (
          <div className="momo-fields">
            <div className="field">
              <label htmlFor={`${id}-wallet`}>Mobile money number</label>
              <input
                ref={walletInput}
                id={`${id}-wallet`}
                className="input"
                name="wallet_msisdn"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="024 412 3456"
                value={wallet}
                aria-invalid={walletErrors.wallet ? true : undefined}
                aria-describedby={`${id}-wallet-hint${walletErrors.wallet ? ` ${id}-wallet-error` : ''}`}
                onChange={(event) => {
                  setWallet(event.target.value);
                  setWalletErrors((e) => ({ ...e, wallet: undefined, network: undefined }));
                }}
              />
              <p id={`${id}-wallet-hint`} className="field-hint">
                The prompt to approve the payment goes to this number. Another wallet, such as a
                relative's, is fine.
              </p>
              {walletErrors.wallet && (
                <p id={`${id}-wallet-error`} className="field-error" role="alert">
                  {walletErrors.wallet}
                </p>
              )}
            </div>
            <fieldset
              className={walletErrors.network ? 'momo-networks has-error' : 'momo-networks'}
              aria-describedby={
                walletErrors.network
                  ? `${id}-network-error`
                  : network && !chosenNetwork
                    ? `${id}-network-hint`
                    : undefined
              }
            >
              <legend>Mobile money network</legend>
              {MOBILE_MONEY_NETWORKS.map((value, i) => (
                <label key={value} className={`momo-network momo-network-${value}`}>
                  <input
                    ref={i === 0 ? firstNetwork : undefined}
                    type="radio"
                    name="network"
                    value={value}
                    checked={network === value}
                    onChange={() => {
                      setNetwork(value);
                      setWalletErrors((e) => ({ ...e, network: undefined }));
                    }}
                  />
                  <span>{MOBILE_MONEY_NETWORK_LABELS[value]}</span>
                </label>
              ))}
              {network && !chosenNetwork && (
                <p id={`${id}-network-hint`} className="field-hint momo-network-hint">
                  Chosen from the number. Change it if this wallet is on another network.
                </p>
              )}
              {walletErrors.network && (
                <p id={`${id}-network-error`} className="field-error" role="alert">
                  {walletErrors.network}
                </p>
              )}
            </fieldset>
          </div>
        )}
        {total !== undefined && (
          <p className="pay-total">
            <span>Total</span>
            <strong>{formatCedis(total)}</strong>
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {method === 'mobile_money'
            ? submitting
              ? 'Sending the prompt…'
              : 'Send prompt to my phone'
            : submitting
              ? 'Processing...'
              : 'Submit'}
        </button>
      </form>
    );
  }

  return (
    <Dialog open={open} title={title} onClose={close} closable={!submitting}>
      {body}
    </Dialog>
  );
}

/** The window's title says which step the renter is at (the first one keeps the spec's words). */
function useWindowTitle(outcome: Outcome): string {
  const awaiting = outcome?.kind === 'awaiting-payment' ? outcome : null;
  // The same query the waiting panel polls (one request serves both).
  const latest = usePaymentVerification(awaiting?.payment.reference ?? null).data;
  if (!outcome) return 'Select Payment Method';
  if (outcome.kind === 'failed') return 'Booking not made';
  if (outcome.kind === 'booked')
    return outcome.booking.payment_status === 'paid' ? 'Payment received' : 'Booking received';
  const payment = latest?.payment ?? outcome.payment;
  if (!isOpen(payment))
    return latest?.booking.payment_status === 'paid' ? 'Payment received' : 'Payment not completed';
  if (payment.provider === 'paystack' && payment.authorization_url) return 'Card payment';
  if (payment.step === 'send_otp') return 'Enter your voucher';
  if (payment.step === 'pending') return 'Confirming your payment';
  return 'Approve on your phone';
}
