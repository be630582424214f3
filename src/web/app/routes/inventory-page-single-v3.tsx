import type { Car } from '../../../shared/schemas/cars';
import { PinIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { AvailabilityCalendar } from '../../features/cars/components/availability-calendar';
import { CarAmenities } from '../../features/cars/components/car-amenities';
import { CarCard } from '../../features/cars/components/car-card';
import { CarGallery } from '../../features/cars/components/car-gallery';
import { BODY_TYPE_LABELS } from '../../features/cars/components/car-labels';
import { CarPriceBox } from '../../features/cars/components/car-price-box';
import { CarShareSave } from '../../features/cars/components/car-share-save';
import '../../features/cars/components/car-details.css';
import {
  FeatureChecklist,
  KeySpecTiles,
  PickupLocation,
  SimilarCars,
  SingleBreadcrumbs,
  SpecTable,
} from '../../features/inventory/components/single-car-parts';
import { SingleCarRoute } from '../single-car-route';
import { branchLabel } from '../../lib/branch-label';

/**
 * v3, the split screen: the photos stay in view on the left while the right column reads
 * like a brochure: title, price, the key facts as tiles, the story, the full sheet.
 */
function SingleV3({ car }: { car: Car }) {
  return (
    <div className="page single single-v3">
      <div className="container">
        <SingleBreadcrumbs car={car} />
        <div className="single-v3-layout">
          <div className="single-v3-media">
            <CarGallery images={car.images} title={car.title} />
          </div>
          <div className="single-v3-info">
            <p className="details-eyebrow">
              <span>{BODY_TYPE_LABELS[car.body_type]}</span>
              <span className="details-city">
                <PinIcon size={14} />
                {branchLabel(car.branch)}
              </span>
            </p>
            <h1>{car.title}</h1>
            <CarAmenities car={car} />
            <div className="single-v3-share">
              <CarShareSave car={car} />
            </div>
            <CarPriceBox car={car} />
            <KeySpecTiles car={car} />
            <section className="single-v3-story" aria-labelledby="story-title">
              <h2 id="story-title" className="single-section-title">
                About this {BODY_TYPE_LABELS[car.body_type].toLowerCase()}
              </h2>
              <p>{car.description}</p>
            </section>
            <div className="single-v3-sheet">
              <SpecTable car={car} />
              <FeatureChecklist car={car} />
            </div>
          </div>
        </div>
        <div className="single-v3-bottom">
          <div className="details-card">
            <AvailabilityCalendar carId={car.id} />
          </div>
          <div className="details-card">
            <PickupLocation car={car} />
          </div>
        </div>
        <SimilarCars
          car={car}
          hrefOf={(id) => paths.inventorySingleV3.getHref(id)}
          renderCard={(c, href) => <CarCard car={c} href={href} headingLevel="h3" />}
        />
      </div>
    </div>
  );
}

export default function InventoryPageSingleV3() {
  return <SingleCarRoute>{(car) => <SingleV3 car={car} />}</SingleCarRoute>;
}
