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
  SpecTable,
} from '../../features/inventory/components/single-car-parts';
import { Tabs } from '../../components/tabs';
import { SingleCarRoute } from '../single-car-route';
import { branchLabel } from '../../lib/branch-label';

/**
 * v2, the showcase: a green title band, the gallery across the page, and the details in tabs
 * beside a price box that stays in view.
 */
function SingleV2({ car }: { car: Car }) {
  return (
    <div className="single single-v2">
      <div className="single-band">
        <div className="container">
          <SingleBreadcrumbs car={car} />
          <div className="single-band-inner">
            <div>
              <p className="single-band-eyebrow">
                {BODY_TYPE_LABELS[car.body_type]} · <PinIcon size={14} /> {branchLabel(car.branch)}
              </p>
              <h1>{car.title}</h1>
              <CarAmenities car={car} />
            </div>
            <CarShareSave car={car} />
          </div>
        </div>
      </div>
      <div className="page single-v2-page">
        <div className="container">
          <div className="single-v2-gallery">
            <CarGallery images={car.images} title={car.title} />
          </div>
          <div className="single-v2-layout">
            <Tabs
              label="About this car"
              look="underline"
              onlyChosenPanel
              className="single-tabs"
              tabs={[
                { id: 'overview', label: 'Overview', panel: <CarOverview car={car} /> },
                { id: 'specs', label: 'Specifications', panel: <SpecTable car={car} /> },
                { id: 'features', label: 'Features', panel: <FeatureChecklist car={car} /> },
                {
                  id: 'availability',
                  label: 'Availability',
                  panel: <AvailabilityCalendar carId={car.id} />,
                },
                { id: 'location', label: 'Location', panel: <PickupLocation car={car} /> },
              ]}
            />
            <aside className="single-v2-aside" aria-label="Price and booking">
              <CarPriceBox car={car} />
            </aside>
          </div>
          <SimilarCars
            car={car}
            hrefOf={(id) => paths.inventorySingleV2.getHref(id)}
            renderCard={(c, href) => <CarCard car={c} href={href} headingLevel="h3" />}
          />
        </div>
      </div>
    </div>
  );
}

export default function InventoryPageSingleV2() {
  return <SingleCarRoute>{(car) => <SingleV2 car={car} />}</SingleCarRoute>;
}
