import type {
  DashboardResponse,
  DashboardTrip,
  Owed,
  PastTrip,
} from '../../../shared/schemas/account-dashboard';
import type { Booking } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { carTitle } from '../cars/car-mapper';
import { findCar, type CatalogueSnapshot } from '../cars/car-catalogue';
import { toApiBooking } from '../bookings/bookings.service';
import { renterPaymentsOf } from '../payments/payments.repository';
import { documentStates } from '../handover/handover.repository';
import { newestFavouritesWithCount } from '../favourites/favourites.repository';
import { countSavedSearches } from '../saved-searches/saved-searches.repository';
import { unreadCountForRenter } from '../conversations/conversations.service';
import { accraInstant } from '../messages/schedule';
import { countTrips, findOpenBookings, findPastTrips } from './dashboard.repository';

/** How many past trips and favourites the dashboard shows (the rest are a link away). */
const PAST_TRIPS_SHOWN = 3;
const FAVOURITES_SHOWN = 4;

/**
 * The renter's dashboard (AREA-1 to AREA-4) in seven statements, run side by side: the bookings
 * not over yet, the latest completed trips, the trips' count, the newest favourites with their
 * count, the documents, the saved searches' count and the unread messages. Open bookings go through the booking's own view (toApiBooking), so
 * what the dashboard says is owed is what the booking's page asks for.
 */
export async function renterDashboard(
  db: Database,
  snapshot: CatalogueSnapshot,
  userId: number,
): Promise<DashboardResponse> {
  const [open, past, trips, favourites, documents, savedSearches, unread] = await Promise.all([
    findOpenBookings(db, userId),
    findPastTrips(db, userId, PAST_TRIPS_SHOWN),
    countTrips(db, userId),
    newestFavouritesWithCount(db, userId, FAVOURITES_SHOWN),
    documentStates(db, userId),
    countSavedSearches(db, userId),
    unreadCountForRenter(db, userId),
  ]);
  const bookings = open
    .map((r) =>
      toApiBooking(r.booking, r.car, r.images, r.branch, renterPaymentsOf(r.payments ?? [])),
    )
    // A mobile money hold that ran out is cancelled already, whatever the row still says.
    .filter((b) => b.status !== 'cancelled' && b.status !== 'completed');

  return {
    // One field per tile (DashboardFiguresSchema): a new figure joins here.
    figures: {
      trips,
      saved_searches: savedSearches,
      unread_messages: unread,
      favourites: favourites[0]?.total ?? 0,
    },
    trip: tripOf(bookings),
    owed: bookings.flatMap(owedOf),
    documents,
    past_trips: past.map((row): PastTrip => ({
      booking_code: row.bookingCode,
      car: { id: row.car.id, title: carTitle(row.car), image: row.images[0] ?? null },
      start_date: row.startDate,
      end_date: row.endDate,
      can_review: !row.reviewed,
    })),
    favourites: favourites.flatMap((f) => {
      const car = findCar(snapshot, f.carId);
      return car ? [car] : [];
    }),
  };
}

/** AREA-2: the trip under way (the car is out), or else the next pickup. */
function tripOf(bookings: Booking[]): DashboardTrip | null {
  const booking = bookings.find((b) => b.status === 'active') ?? bookings[0];
  if (!booking) return null;
  return {
    booking_code: booking.booking_code,
    status: booking.status,
    payment_status: booking.payment_status,
    payment_method: booking.payment_method,
    under_way: booking.status === 'active',
    car: { id: booking.car.id, title: booking.car.title, image: booking.car.images[0] ?? null },
    branch: booking.branch,
    start_date: booking.start_date,
    pickup_time: booking.pickup_time,
    end_date: booking.end_date,
    return_time: booking.return_time,
    pickup_at: accraInstant(booking.start_date, booking.pickup_time).toISOString(),
    return_at: accraInstant(booking.end_date, booking.return_time).toISOString(),
    delivery_address: booking.delivery_address,
  };
}

/**
 * AREA-3: what a booking still asks the renter to pay, by the same rules as its page
 * (BOOK-23's pay now, a waiting prompt, BOOK-21's difference, HAND-10's balance at the counter).
 */
function owedOf(booking: Booking): Owed[] {
  const owed = (kind: Owed['kind'], amount: number): Owed => ({
    booking_code: booking.booking_code,
    car_title: booking.car.title,
    kind,
    amount,
    start_date: booking.start_date,
  });
  if (booking.status === 'pending') {
    if (booking.payment_status === 'pending') return [owed('approve', booking.total_cost)];
    if (booking.payment_method === 'payOnPickup' && booking.payment_status === 'unpaid')
      return [owed('pay_now', booking.total_cost)];
    return [];
  }
  const items: Owed[] = [];
  if (booking.top_up_due > 0) items.push(owed('top_up', booking.top_up_due));
  const atCounter = booking.balance_due - booking.top_up_due;
  if (atCounter > 0) items.push(owed('at_counter', atCounter));
  return items;
}
