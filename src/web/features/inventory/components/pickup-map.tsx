import { lazy, Suspense } from 'react';
import type { CarFacets } from '../../../../shared/schemas/cars';
import { PinIcon } from '../../../components/icons';
import { renderingOnServer } from '../../../lib/first-paint';
import type { MapPin } from './ghana-map';
import './pickup-map.css';

// The drawing is its own chunk: only the pages with a map download it.
const GhanaMap = lazy(() => import('./ghana-map'));

const carsText = (n: number) => `${n} ${n === 1 ? 'car' : 'cars'}`;

function MapFallback() {
  return <div className="pickup-map-fallback skeleton" aria-hidden="true" />;
}

/** A picture of Ghana with a pin; the single-car pages show where the car is picked up. */
export function CarLocationMap({
  city,
  lat,
  long,
  town,
}: {
  city: string;
  lat: number;
  long: number;
  town: string;
}) {
  // The page's first paint from the server shows the placeholder the app's first render shows
  // too (the drawing's chunk and stylesheet come after the page's): the drawing would otherwise
  // be in the HTML without its styles, then give way to the placeholder, then come back.
  return (
    <div className="pickup-map-figure">
      {renderingOnServer ? (
        <MapFallback />
      ) : (
        <Suspense fallback={<MapFallback />}>
          <GhanaMap
            pins={[{ key: town, label: town, lat, long }]}
            label={`Map of Ghana: this car is picked up in ${city}`}
          />
        </Suspense>
      )}
    </div>
  );
}

interface PickupMapProps {
  locations: CarFacets['location'];
  selected: string | null;
  onSelect: (town: string | null) => void;
  /** 'banner': map and legend side by side; 'column': legend under the map (beside a list). */
  variant: 'banner' | 'column';
}

/**
 * The map pages' map: a pin per pickup town at the mean position of its cars, with the count
 * the current filters leave there (the location facet). A pin or a legend entry chooses the
 * town; choosing it again shows all of Ghana. The legend is the same choice in a list, easier
 * to hit on a phone than a pin.
 */
export function PickupMap({ locations, selected, onSelect, variant }: PickupMapProps) {
  const pins: MapPin[] = locations.map((l) => ({
    key: l.value,
    label: l.value,
    lat: l.lat,
    long: l.long,
    count: l.count,
  }));
  const isSelected = (town: string) =>
    selected !== null && town.toLowerCase() === selected.toLowerCase();
  const toggle = (town: string) => onSelect(isSelected(town) ? null : town);
  const total = locations.reduce((n, l) => n + l.count, 0);
  const towns = locations.filter((l) => l.count > 0).length;

  return (
    <section className={`pickup-map pickup-map-${variant}`} aria-labelledby="pickup-map-title">
      <div className="pickup-map-figure">
        <Suspense fallback={<MapFallback />}>
          <GhanaMap
            pins={pins}
            label="Map of Ghana with the pickup towns"
            selected={selected}
            onSelect={toggle}
            describePin={(pin) => `${pin.label}: ${carsText(pin.count ?? 0)}`}
          />
        </Suspense>
      </div>
      <div className="pickup-map-legend">
        <h2 id="pickup-map-title" className="pickup-map-title">
          Pickup locations
        </h2>
        <p className="pickup-map-note">
          {selected
            ? `Showing cars in ${selected}. Choose it again to see all of Ghana.`
            : `${carsText(total)} in ${towns} ${towns === 1 ? 'town' : 'towns'}. Choose one to see its cars.`}
        </p>
        <ul className="pickup-map-towns">
          {locations.map((l) => (
            <li key={l.value}>
              <button
                type="button"
                className="pickup-map-town"
                aria-pressed={isSelected(l.value)}
                disabled={l.count === 0 && !isSelected(l.value)}
                onClick={() => toggle(l.value)}
              >
                <PinIcon size={15} />
                <span className="pickup-map-town-name">{l.value}</span>
                <span className="pickup-map-town-count">
                  {l.count}
                  <span className="visually-hidden">{l.count === 1 ? ' car' : ' cars'}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
