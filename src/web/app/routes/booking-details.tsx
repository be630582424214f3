import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import type { Car } from '../../../shared/schemas/cars';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { BookingWizard } from '../../features/bookings/components/booking-wizard';
import { NoCarState } from '../../features/bookings/components/no-car-state';
import { useCar } from '../../features/cars/api/cars';
import { tripDatesFrom } from '../../lib/trip-dates';
import { usePageTitle } from '../../lib/use-page-title';

/** A car handed over in navigation state, if it looks like one; anything else there is ignored. */
function carFromState(state: unknown): Car | null {
  const car = (state as { car?: Partial<Car> } | null)?.car;
  return car && typeof car.id === 'number' && Array.isArray(car.images) ? (car as Car) : null;
}

function parseCarId(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * /booking-details?car=ID (PAGE-8): the car is named in the address, so a reload or a shared
 * link books the same car; `start_date` and `end_date` there, the car list's dates, fill the form. Navigation state (Rent Now) shows it at once while the server's
 * copy is fetched; without either there is no car to book.
 */
export default function BookingDetails() {
  usePageTitle('Book a car');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stateCar = carFromState(location.state);
  const raw = params.get('car');
  const id = raw === null ? (stateCar?.id ?? null) : parseCarId(raw);
  const car = useCar(id, stateCar && stateCar.id === id ? stateCar : undefined);

  // A car that came in state alone gets its ?car= in the address bar.
  useEffect(() => {
    if (raw === null && stateCar) {
      void navigate(paths.bookingDetails.getHref(stateCar.id), {
        replace: true,
        state: location.state,
      });
    }
  }, [raw, stateCar, navigate, location.state]);

  let content;
  if (id === null || (car.isError && !car.data)) {
    content = <NoCarState />;
  } else if (!car.data) {
    content = (
      <div className="center-state">
        <Spinner label="Loading the car…" />
        <p className="muted">Loading the car…</p>
      </div>
    );
  } else {
    content = <BookingWizard car={car.data} initialDates={tripDatesFrom(params)} />;
  }
  return <div className="container page">{content}</div>;
}
