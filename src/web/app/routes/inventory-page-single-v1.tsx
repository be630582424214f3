import type { Car } from '../../../shared/schemas/cars';
import { PinIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { AvailabilityCalendar } from '../../features/cars/components/availability-calendar';
import { CarAmenities } from '../../features/cars/components/car-amenities';
import { CarCard } from '../../features/cars/components/car-card';
import { CarGallery } from '../../features/cars/components/car-gallery';
import { BODY_TYPE_LABELS } from '../../features/cars/components/car-labels';
import { CarOverview } from '../../features/cars/components/car-overview';
import { CarPriceBox } from '../../features/cars/components/car-price-box';
import { CarShareSave } from '../../features/cars/components/car-share-save';
import '../../features/cars/components/car-details.css';
import {
  FeatureChecklist,
  PickupLocation,
  SimilarCars,
  SingleBreadcrumbs,
} from '../../features/inventory/components/single-car-parts';
import { SingleCarRoute } from '../single-car-route';
import { branchLabel } from '../../lib/branch-label';

/**
 * v1, the classic layout: gallery with the price box beside it, then the overview, features,
 * availability and pickup place in cards, and more cars of the same type.
 */
function SingleV1({ car }: { car: Car }) {
  return (
    <div className="page car-details single single-v1">
      <div className="container">
        <SingleBreadcrumbs car={car} />
        <header className="details-head">
          <div className="details-title">
            <p className="details-eyebrow">
              <span>{BODY_TYPE_LABELS[car.body_type]}</span>
              <span className="details-colour">{car.colour}</span>
              <span className="details-city">
                <PinIcon size={14} />
                {branchLabel(car.branch)}
              </span>
            </p>
            <h1>{car.title}</h1>
            <CarAmenities car={car} />
          </div>
          <CarShareSave car={car} />
        </header>

        <div className="details-layout">
          <div className="details-gallery">
            <CarGallery images={car.images} title={car.title} />
          </div>
          <aside className="details-aside" aria-label="Price and booking">
            <CarPriceBox car={car} />
          </aside>
          <div className="details-main">
            <div className="details-card">
              <CarOverview car={car} />
            </div>
            <div className="details-card single-pair">
              <FeatureChecklist car={car} />
              <PickupLocation car={car} />
            </div>
            <div className="details-card">
              <AvailabilityCalendar carId={car.id} />
            </div>
          </div>
        </div>

        <SimilarCars
          car={car}
          hrefOf={(id) => paths.inventorySingle.getHref(id)}
          renderCard={(c, href) => <CarCard car={c} href={href} headingLevel="h3" />}
        />
      </div>
    </div>
  );
}

export default function InventoryPageSingleV1() {
  return <SingleCarRoute>{(car) => <SingleV1 car={car} />}</SingleCarRoute>;
}
