import { useId, useState, type FormEvent } from 'react';
import {
  MOBILE_MONEY_NETWORK_LABELS,
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
} from '../../../../shared/constants';
import { guessNetwork } from '../../../../shared/mobile-money';
import type { AdminBookingDetail } from '../../../../shared/schemas/bookings.staff';
import { phone } from '../../../components/console/admin-labels';
import { usePromptAgain } from '../api/bookings-api';
import { InputField, SelectInput, serverErrorsOf } from './staff-booking-fields';

const OPEN = new Set(['pending', 'unknown']);
const ENDED_UNPAID = new Set(['failed', 'abandoned']);

/** 'HH:MM' in Accra, as the server's message writes the hold's end. */
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Accra',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Whether the booking's prompt may be sent again now (STAFF-46): a held mobile money booking
 * whose hold still runs, with no prompt open and its last one ended unpaid. The server decides
 * again when staff send it.
 */
export function mayPromptAgain(b: AdminBookingDetail, now = Date.now()) {
  if (b.payment_method !== 'mobile_money' || b.status !== 'pending') return false;
  if (b.payment_status !== 'pending' || !b.hold_expires_at) return false;
  if (Date.parse(b.hold_expires_at) <= now) return false;
  const last = b.payments.at(-1);
  return (
    Boolean(last && ENDED_UNPAID.has(last.status)) && !b.payments.some((p) => OPEN.has(p.status))
  );
}

/**
 * STAFF-46: the customer declined the prompt staff sent (or let it end): the booking stays held
 * until its hold ends, and staff send the prompt again, to the wallet and network the customer
 * names (the last prompt's, to start with). As the renter's Pay now (BOOK-21, BOOK-23), one
 * prompt at a time; the page follows the new one by itself.
 */
export function PromptAgain({
  booking,
  onSent,
}: {
  booking: AdminBookingDetail;
  /** The prompt is on its way: the server's words (the wallet, the hold's end). */
  onSent: (message: string) => void;
}) {
  const id = useId();
  const last = booking.payments.at(-1)!;
  const send = usePromptAgain(booking.booking_code);
  const [wallet, setWallet] = useState(last.wallet_msisdn ? phone(last.wallet_msisdn) : '');
  const [network, setNetwork] = useState<MobileMoneyNetwork | ''>(
    (last.network as MobileMoneyNetwork | null) ?? '',
  );
  // The network follows the number, as on the New booking form (STAFF-16), until chosen.
  const [networkChosen, setNetworkChosen] = useState(false);
  const until = clock.format(new Date(booking.hold_expires_at!));
  const { fields, message } = serverErrorsOf(send.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate(
      {
        network: network as MobileMoneyNetwork,
        ...(wallet.trim() ? { wallet_msisdn: wallet.trim() } : {}),
      },
      { onSuccess: (data) => onSent(data.message) },
    );
  }

  return (
    <form className="prompt-again" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <p className="alert alert-info" id={`${id}-title`}>
        {last.status === 'failed'
          ? 'The customer did not approve the mobile money prompt'
          : 'The mobile money prompt was not approved in time'}
        {last.failure_reason ? ` (${last.failure_reason})` : ''}. The booking is held until{' '}
        <strong>{until}</strong>: send the prompt again while it is.
      </p>
      <div className="form-grid">
        <InputField
          id={`${id}-wallet`}
          label="Mobile money number"
          value={wallet}
          onChange={(value) => {
            setWallet(value);
            const guessed = guessNetwork(value);
            if (!networkChosen && guessed) setNetwork(guessed);
            send.reset();
          }}
          error={fields.wallet_msisdn}
          hint="The customer's own number if left empty."
          inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'off', maxLength: 20 }}
        />
        <SelectInput
          id={`${id}-network`}
          label="Network"
          value={network}
          onChange={(value) => {
            setNetworkChosen(true);
            setNetwork(value as MobileMoneyNetwork | '');
            send.reset();
          }}
          placeholder="Choose the network"
          error={fields.network}
          options={MOBILE_MONEY_NETWORKS.map((n) => ({
            value: n,
            label: MOBILE_MONEY_NETWORK_LABELS[n],
          }))}
        />
      </div>
      {message && !fields.network && !fields.wallet_msisdn && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
        {send.isPending ? 'Sending…' : 'Send the prompt again'}
      </button>
    </form>
  );
}
