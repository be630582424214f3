import { useParams } from '../../lib/router';
import { BookingDetail } from '../../features/bookings/components/booking-detail';
import { BookingReview } from '../../features/reviews/components/booking-review';
import { usePageTitle } from '../../lib/use-page-title';

export default function BookingView() {
  const { code = '' } = useParams();
  usePageTitle(`Booking ${code}`);
  // Keyed by code: another booking's page starts fresh (no leftover 'cancelled' notice).
  return (
    <>
      <BookingDetail key={code} code={code} />
      <BookingReview key={`review-${code}`} code={code} />
    </>
  );
}
