import { lazyRuleset } from '../../../lib/lazy-resolver';
import type { BookingDetailsInput, BookingDetailsOutput } from './booking-form-types';

/** Delivery switched on with no address: the server would read it as no delivery at all. */
export const DELIVERY_ADDRESS_REQUIRED = 'Enter the address in Accra to deliver the car to';

/**
 * Step 1's resolver. Its rules (booking-details-rules.ts) need zod and the shared booking
 * schema, which load after the page has rendered rather than with it (lib/lazy-resolver.ts,
 * PAGE-18): new rules for the step go there, not here.
 */
export const bookingDetailsResolver = lazyRuleset<BookingDetailsInput, BookingDetailsOutput>(() =>
  loadBookingDetailsRules().then((m) => m.bookingDetailsRules),
);

/** The rules' module (one load, however many ask). */
export const loadBookingDetailsRules = () => import('./booking-details-rules');
