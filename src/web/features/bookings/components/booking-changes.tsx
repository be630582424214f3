import { lazy, Suspense, useState } from 'react';
import type { Booking } from '../../../../shared/schemas/bookings';

// The dialog is its own chunk: most visits to a booking never open it (first-load budget).
const BookingChangeDialog = lazy(() => import('./booking-change-dialog'));

export type ChangeMode = 'change' | 'extend';

/**
 * BOOK-18, BOOK-19: 'Change booking' before pickup, 'Extend trip' during it, each opening its
 * dialog. `onChanged` gets the server's words once it is done.
 */
export function BookingChanges({
  booking,
  onChanged,
}: {
  booking: Booking;
  onChanged: (message: string) => void;
}) {
  const [mode, setMode] = useState<ChangeMode | null>(null);
  return (
    <div className="detail-changes">
      <p className="muted">
        {booking.can_extend
          ? 'Need the car longer? Move your return date, if the car is free.'
          : 'Change the dates, times or extras before pick-up; we re-price it at once.'}
      </p>
      <div className="detail-changes-actions">
        {booking.can_change && (
          <button type="button" className="btn btn-outline" onClick={() => setMode('change')}>
            Change booking
          </button>
        )}
        {booking.can_extend && (
          <button type="button" className="btn btn-outline" onClick={() => setMode('extend')}>
            Extend trip
          </button>
        )}
      </div>
      {mode && (
        <Suspense fallback={null}>
          <BookingChangeDialog
            mode={mode}
            booking={booking}
            onClose={() => setMode(null)}
            onDone={(message) => {
              setMode(null);
              onChanged(message);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
