import type { Car } from '../../../shared/schemas/cars';
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
  PickupLocation,
  SimilarCars,
  SingleBreadcrumbs,
  SpecTable,
} from '../../features/inventory/components/single-car-parts';
import { SingleCarRoute } from '../single-car-route';

/**
 * v5, the spec sheet: like the sticker on a showroom window. The sheet, features and price
 * lead in a narrow column; photos, the story, availability and the map fill the wide one.
 */
function SingleV5({ car }: { car: Car }) {
  return (
    <div className="page single single-v5">
      <div className="container">
        <SingleBreadcrumbs car={car} />
        <header className="single-v5-head">
          <div>
            <p className="single-v5-ref">
              {BODY_TYPE_LABELS[car.body_type]} · Stock no. {car.id}
            </p>
            <h1>{car.title}</h1>
            <CarAmenities car={car} />
          </div>
          <CarShareSave car={car} />
        </header>
        <div className="single-v5-layout">
          <aside className="single-v5-sheet" aria-label="Spec sheet">
            <div className="single-v5-sticker">
              <SpecTable car={car} title="Spec sheet" />
              <FeatureChecklist car={car} />
            </div>
            <CarPriceBox car={car} />
          </aside>
          <div className="single-v5-main">
            <CarGallery images={car.images} title={car.title} />
            <section className="details-card" aria-labelledby="v5-about">
              <h2 id="v5-about" className="single-section-title">
                About this car
              </h2>
              <p className="single-v5-story">{car.description}</p>
            </section>
            <div className="details-card">
              <AvailabilityCalendar carId={car.id} />
            </div>
            <div className="details-card">
              <PickupLocation car={car} />
            </div>
          </div>
        </div>
        <SimilarCars
          car={car}
          hrefOf={(id) => paths.inventorySingleV5.getHref(id)}
          renderCard={(c, href) => <CarCard car={c} href={href} headingLevel="h3" />}
        />
      </div>
    </div>
  );
}

export default function InventoryPageSingleV5() {
  return <SingleCarRoute>{(car) => <SingleV5 car={car} />}</SingleCarRoute>;
}
