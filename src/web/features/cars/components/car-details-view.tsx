import type { Car } from '../../../../shared/schemas/cars';
import { AvailabilityCalendar } from './availability-calendar';
import { BackLink } from '../../../components/back-link';
import { CarAmenities } from './car-amenities';
import { CarGallery } from './car-gallery';
import { BODY_TYPE_LABELS } from './car-labels';
import { CarOverview } from './car-overview';
import { CarPriceBox } from './car-price-box';
import { CarShareSave } from './car-share-save';
import { PinIcon } from '../../../components/icons';
import { branchLabel } from '../../../lib/branch-label';
import type { TripDates } from '../../../lib/trip-dates';
import './car-details.css';

/**
 * /car-details (PAGE-6): photos, price and Rent Now, overview, and the days already taken.
 * `dates`: the trip dates chosen in the car list, which Rent Now hands on (PAGE-8);
 * `airportFee`: the fee the price box names for a car at the airport (PRICE-4).
 */
export function CarDetailsView({
  car,
  dates = null,
  airportFee = null,
}: {
  car: Car;
  dates?: TripDates | null;
  airportFee?: number | null;
}) {
  return (
    <div className="page car-details">
      <div className="container">
        <BackLink />
        <header className="details-head">
          <div className="details-title">
            <p className="details-eyebrow">
              <span>{BODY_TYPE_LABELS[car.body_type] ?? car.body_type}</span>
              {car.colour && <span className="details-colour">{car.colour}</span>}
              <span className="details-city">
                <PinIcon size={14} />
                {branchLabel(car.branch)}
              </span>
            </p>
            <h1>
              {car.year} {car.make} {car.model}
            </h1>
            <CarAmenities car={car} />
          </div>
          <CarShareSave car={car} />
        </header>

        <div className="details-layout">
          <div className="details-gallery">
            <CarGallery images={car.images} title={`${car.year} ${car.make} ${car.model}`} />
          </div>
          <aside className="details-aside" aria-label="Price and booking">
            <CarPriceBox car={car} dates={dates} airportFee={airportFee} />
          </aside>
          <div className="details-main">
            <div className="details-card">
              <CarOverview car={car} />
            </div>
            <div className="details-card">
              <AvailabilityCalendar carId={car.id} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
