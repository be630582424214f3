import { useState } from 'react';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Dialog } from '../../../components/dialog';
import { useCancelBooking } from '../api/bookings';
import { bookingDatesOf } from '../../../lib/booking-labels';
import { cancelRefundWords } from '../../../lib/refund-words';

interface CancelBookingProps {
  booking: Booking;
  onCancelled: (message: string) => void;
}

/** BOOK-8: a renter may cancel before the start date, after saying so twice. */
export function CancelBooking({ booking, onCancelled }: CancelBookingProps) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelBooking(booking.booking_code, (message) => {
    setConfirming(false);
    onCancelled(message);
  });
  const carTitle = `${booking.car.year} ${booking.car.make} ${booking.car.model}`;

  function close() {
    setConfirming(false);
    cancel.reset();
  }

  return (
    <>
      <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)}>
        Cancel booking
      </button>
      <Dialog
        open={confirming}
        title="Cancel this booking?"
        onClose={close}
        closable={!cancel.isPending}
      >
        <p>
          Booking <strong className="detail-code-inline">{booking.booking_code}</strong> for the{' '}
          {carTitle}, {bookingDatesOf(booking)}, will be cancelled and the dates freed for other
          renters.
        </p>
        {/* BOOK-22: the refund named before the renter confirms. */}
        {booking.cancel_refund && <p>{cancelRefundWords(booking.cancel_refund)}</p>}
        {cancel.isError && (
          <p className="alert alert-error" role="alert">
            {cancel.error.message}
          </p>
        )}
        <div className="detail-confirm-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={close}
            disabled={cancel.isPending}
          >
            Keep booking
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
          </button>
        </div>
      </Dialog>
    </>
  );
}
