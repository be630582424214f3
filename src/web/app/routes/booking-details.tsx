import { useLocation } from 'react-router';
import type { Car } from '../../../shared/schemas/cars';
import { BookingWizard } from '../../features/bookings/components/booking-wizard';
import { NoCarState } from '../../features/bookings/components/no-car-state';
import { usePageTitle } from '../../lib/use-page-title';

/** The car travels in navigation state (PAGE-8); anything else there is ignored. */
function carFromState(state: unknown): Car | null {
  const car = (state as { car?: Partial<Car> } | null)?.car;
  return car && typeof car.id === 'number' && Array.isArray(car.images) ? (car as Car) : null;
}

export default function BookingDetails() {
  usePageTitle('Book a car');
  const location = useLocation();
  const car = carFromState(location.state);
  return <div className="container page">{car ? <BookingWizard car={car} /> : <NoCarState />}</div>;
}
