import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from '../../../lib/router';
import {
  MOBILE_MONEY_NETWORK_LABELS,
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  type PaymentMethod,
} from '../../../../shared/constants';
import { guessNetwork } from '../../../../shared/mobile-money';
import type { Payment } from '../../../../shared/schemas/payments';
import { useSignedInUser } from '../../../lib/session-store';
import { messages } from '../../../../shared/messages';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { lazyRuleset } from '../../../lib/lazy-resolver';
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

/** A registered input that the modal also holds a ref to (to focus it). */
function withRef(
  registration: UseFormRegisterReturn,
  ref: RefObject<HTMLInputElement | null> | undefined,
): UseFormRegisterReturn {
  if (!ref) return registration;
  return {
    ...registration,
    ref: (element: HTMLInputElement | null) => {
      registration.ref(element);
      ref.current = element;
    },
  };
}

interface PaymentFormValues {
  payment_method: PaymentMethod | '';
  /** The renter's own choice; until they make one, the network is guessed from the number. */
  network: MobileMoneyNetwork | '';
  wallet_msisdn: string;
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

/*
 * The create's rules for these three fields (createBookingShape, the network and wallet
 * schemas): a method; for mobile money a network (chosen, or guessed from the number) and a
 * Ghana mobile number. Loaded after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
 */
const resolver = lazyRuleset<PaymentFormValues, PaymentFormValues>(() =>
  Promise.all([
    import('../../../../shared/schemas/bookings'),
    import('../../../../shared/schemas/payments'),
  ]).then(([{ createBookingShape }, { MobileMoneyNetworkSchema, WalletNumberSchema }]) => {
    return (values) => {
      const errors: FieldErrors<PaymentFormValues> = {};
      const method = createBookingShape.payment_method.safeParse(
        values.payment_method || undefined,
      );
      if (!method.success) {
        errors.payment_method = { type: 'validate', message: firstMessage(method) };
      } else if (method.data === 'mobile_money') {
        const network = MobileMoneyNetworkSchema.safeParse(
          values.network || guessNetwork(values.wallet_msisdn) || undefined,
        );
        if (!network.success) errors.network = { type: 'validate', message: firstMessage(network) };
        const wallet = WalletNumberSchema.safeParse(values.wallet_msisdn);
        if (!wallet.success)
          errors.wallet_msisdn = { type: 'validate', message: firstMessage(wallet) };
      }
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    };
  }),
);

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
  const [outcome, setOutcome] = useState<Outcome>(null);
  const user = useSignedInUser();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getFieldState,
    clearErrors,
    formState: { errors },
  } = useForm<PaymentFormValues>({
    resolver,
    // Messages stay until the next Submit; changing a field only clears its own.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      payment_method: '',
      network: '',
      wallet_msisdn: localNumber(user?.msisdn),
    },
  });
  const method = watch('payment_method') || null;
  const wallet = watch('wallet_msisdn');
  const chosenNetwork = watch('network') || null;
  const network = chosenNetwork ?? guessNetwork(wallet);
  const methodError = errors.payment_method?.message ?? null;
  const walletErrors = { network: errors.network?.message, wallet: errors.wallet_msisdn?.message };
  // The signed-in user's number is the wallet's default, once it is known.
  useEffect(() => {
    if (user && !getFieldState('wallet_msisdn').isDirty)
      setValue('wallet_msisdn', localNumber(user.msisdn));
  }, [user, getFieldState, setValue]);
  const firstOption = useRef<HTMLInputElement>(null);
  const firstNetwork = useRef<HTMLInputElement>(null);
  const walletInput = useRef<HTMLInputElement>(null);
  const submitting = createBooking.isPending;

  // Each opening starts at the choice; a booking made earlier never shows again. (Set while
  // rendering, React's way to adjust state to a changed prop, rather than in an effect.)
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOutcome(null);
  }
  // Each opening starts without the last attempt's message.
  useEffect(() => {
    if (open) clearErrors('payment_method');
  }, [open, clearErrors]);

  // The first wrong answer takes the focus: the method, else the network, else the number.
  function focusFirstError(found: FieldErrors<PaymentFormValues>) {
    if (found.payment_method) firstOption.current?.focus();
    else if (found.network) firstNetwork.current?.focus();
    else if (found.wallet_msisdn) walletInput.current?.focus();
  }

  const submit = handleSubmit((values) => {
    if (submitting) return;
    const method = values.payment_method as PaymentMethod;
    const wallet = values.wallet_msisdn;
    const network = values.network || guessNetwork(wallet);
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
  }, focusFirstError);

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
      setValue('payment_method', '');
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
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting || undefined}>
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
                  type="radio"
                  value={option.value}
                  {...withRef(
                    register('payment_method', {
                      onChange: () => clearErrors('payment_method'),
                    }),
                    i === 0 ? firstOption : undefined,
                  )}
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
                id={`${id}-wallet`}
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="024 412 3456"
                aria-invalid={walletErrors.wallet ? true : undefined}
                aria-describedby={`${id}-wallet-hint${walletErrors.wallet ? ` ${id}-wallet-error` : ''}`}
                {...withRef(
                  register('wallet_msisdn', {
                    onChange: () => clearErrors(['wallet_msisdn', 'network']),
                  }),
                  walletInput,
                )}
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
                  {/* Checked by hand, not registered: the guess from the number shows as the
                      choice, and react-hook-form, which sets a registered radio's DOM state
                      from its own value (none until the renter picks), would uncheck it. */}
                  <input
                    type="radio"
                    name={`${id}-network`}
                    value={value}
                    checked={network === value}
                    ref={i === 0 ? firstNetwork : undefined}
                    onChange={() => {
                      setValue('network', value, { shouldDirty: true });
                      clearErrors('network');
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
