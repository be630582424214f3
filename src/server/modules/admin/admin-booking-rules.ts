import { adminMessages, type AdminBookingAction } from '../../../shared/schemas/admin';
import type { bookings } from '../../db/schema/index';

type BookingState = Pick<
  typeof bookings.$inferSelect,
  'status' | 'paymentStatus' | 'paymentMethod' | 'startDate' | 'endDate'
>;

/**
 * Why an action is refused now, or null when it is allowed (PRODUCT.md P3; the table in
 * docs/admin-api.md). The same function builds `allowed_actions` and guards the actions, so
 * the buttons staff see and what the server accepts cannot drift apart.
 */
export function refusalOf(
  action: AdminBookingAction,
  b: BookingState,
  today: string,
): string | null {
  const m = adminMessages;
  switch (action) {
    case 'record_cash':
      if (b.paymentMethod !== 'payOnPickup') return m.cashNotPayOnPickup;
      if (b.status !== 'pending') return m.cashWrongStatus;
      if (b.paymentStatus !== 'unpaid') return m.cashNotDue;
      return null;
    case 'pick_up':
      if (b.status !== 'pending' && b.status !== 'confirmed') return m.pickUpWrongStatus;
      if (b.paymentStatus !== 'paid') return m.pickUpUnpaid;
      if (today < b.startDate) return m.pickUpTooEarly;
      if (today > b.endDate) return m.pickUpTooLate;
      return null;
    case 'return':
      return b.status === 'active' ? null : m.returnWrongStatus;
    case 'cancel':
      if (b.status === 'active') return m.cancelActive;
      if (b.status !== 'pending' && b.status !== 'confirmed') return m.cancelWrongStatus;
      return null;
  }
}
