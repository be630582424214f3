import { useQuery } from '@tanstack/react-query';
import type { UnpaidBookings } from '../../../../shared/schemas/bookings';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * LIMIT-13 on step 1 of the booking form: with 3 unpaid upcoming bookings a 4th to pay on
 * pickup is refused, so the renter hears it before the last step, with the ways on: pay or
 * cancel one (their pages), or pay this one by mobile money, which goes ahead. Its own chunk
 * (PAGE-18): step 1's first load stays in budget, and messages.ts stays out of it.
 */
export default function UnpaidLimitNotice() {
  const unpaid = useQuery({
    queryKey: ['bookings', 'unpaid'],
    queryFn: ({ signal }) => apiRequest<UnpaidBookings>('/bookings/unpaid', { signal }),
    staleTime: 0,
  });
  if (!unpaid.data?.reached) return null;
  return (
    <div className="alert alert-info" role="status">
      <p>
        You have {unpaid.data.unpaid} unpaid bookings. Pay or cancel one first, or choose mobile
        money at the last step: a booking paid at once goes ahead.
      </p>
      <Link to={paths.bookingHistory.getHref()}>See your bookings</Link>
    </div>
  );
}
