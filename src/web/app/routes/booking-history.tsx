import { BookingHistory } from '../../features/bookings/components/booking-history';
import { usePageTitle } from '../../lib/use-page-title';

export default function BookingHistoryPage() {
  usePageTitle('Booking History');
  return <BookingHistory />;
}
