import { useId, useState, type FormEvent } from 'react';
import { formatMsisdn } from '../../../../shared/phone';
import {
  MOBILE_MONEY_NETWORK_LABELS,
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
} from '../../../../shared/constants';
import type { Booking } from '../../../../shared/schemas/bookings';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePayNow } from '../api/bookings';
import { usePaymentVerification } from '../api/payments';

/**
 * BOOK-23: a pay-on-pickup booking not paid yet may be paid now by mobile money (LIMIT-13's
 * "Pay or cancel one first" can then be followed online). While its prompt is open the page
 * says to approve it and keeps asking the provider; approved, the booking reads paid.
 */
export function PayNowPanel({
  booking,
  onAsked,
}: {
  booking: Booking;
  onAsked: (message: string) => void;
}) {
  const id = useId();
  const payNow = usePayNow(booking.booking_code);
  const [open, setOpen] = useState(false);
  const [network, setNetwork] = useState<MobileMoneyNetwork | ''>('');
  const [wallet, setWallet] = useState('');
  const prompt = booking.payment?.status === 'pending' ? booking.payment : null;
  usePaymentVerification(prompt?.reference ?? null);

  if (prompt) {
    return (
      <p className="alert alert-info detail-balance" role="status">
        Mobile money payment is pending: approve the prompt on your phone
        {prompt.wallet_msisdn ? ` (${formatMsisdn(prompt.wallet_msisdn)})` : ''}.
        {prompt.provider === 'sandbox' && (
          <>
            {' '}
            <a href={paths.sandboxPay.getHref(prompt.reference)} target="_blank" rel="noopener">
              Open the test phone prompt
            </a>
          </>
        )}
      </p>
    );
  }
  if (!open) {
    return (
      <p className="detail-receipt">
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          Pay now by mobile money
        </button>
      </p>
    );
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!network || payNow.isPending) return;
    payNow.mutate(
      { network, ...(wallet.trim() ? { wallet_msisdn: wallet.trim() } : {}) },
      { onSuccess: (data) => onAsked(data.message) },
    );
  }

  const errors = payNow.error instanceof ApiError ? payNow.error.errors : {};
  return (
    <form className="card detail-pay-now" noValidate onSubmit={send}>
      <div className="field">
        <label htmlFor={`${id}-network`}>Network</label>
        <select
          id={`${id}-network`}
          value={network}
          required
          onChange={(e) => setNetwork(e.target.value as MobileMoneyNetwork | '')}
        >
          <option value="">Choose your network</option>
          {MOBILE_MONEY_NETWORKS.map((n) => (
            <option key={n} value={n}>
              {MOBILE_MONEY_NETWORK_LABELS[n]}
            </option>
          ))}
        </select>
        {errors.network?.[0] && <p className="field-error">{errors.network[0]}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-wallet`}>Mobile money number (your own if left empty)</label>
        <input
          id={`${id}-wallet`}
          inputMode="tel"
          value={wallet}
          onChange={(e) => setWallet(e.target.value)}
        />
        {errors.wallet_msisdn?.[0] && <p className="field-error">{errors.wallet_msisdn[0]}</p>}
      </div>
      {payNow.isError && !errors.network && !errors.wallet_msisdn && (
        <p className="alert alert-error" role="alert">
          {payNow.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={!network || payNow.isPending}>
        Send the prompt
      </button>
    </form>
  );
}
