import { HandoverReceipt } from '../../../components/handover-receipt';
import { Spinner } from '../../../components/spinner';
import { useBookingHandover } from '../api/bookings';

/**
 * The renter's view of the handover (HAND-9): the same facts staff print, from
 * GET /api/bookings/:code/handover (the owner only). Loaded on its own, only for a trip that
 * has started, so the booking page's first load does not carry it.
 */
export default function BookingHandover({ code }: { code: string }) {
  const handover = useBookingHandover(code);
  return (
    <section className="detail-handover" aria-labelledby="handover-heading">
      <h2 id="handover-heading">Pickup, return and deposit</h2>
      {handover.isPending ? (
        <Spinner label="Loading the handover…" />
      ) : handover.isError ? (
        <p className="alert alert-error" role="alert">
          {handover.error.message}
        </p>
      ) : (
        <HandoverReceipt receipt={handover.data} />
      )}
    </section>
  );
}
