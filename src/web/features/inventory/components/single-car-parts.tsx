import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import {
  CAR_FEATURE_LABELS,
  CAR_FEATURES,
  colourFamilyOf,
  COLOUR_FAMILY_SWATCHES,
  hasFeature,
  OTHER_SWATCH_COLOURS,
  townOf,
  type ColourFamily,
} from '../../../../shared/car-facets';
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../../shared/car-labels';
import type { Car } from '../../../../shared/schemas/cars';
import {
  CalendarIcon,
  CheckIcon,
  CloseIcon,
  FuelIcon,
  GearIcon,
  SeatIcon,
} from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useInventoryCars } from '../api/inventory';
import { CarLocationMap } from './pickup-map';
import './single-car.css';
import { branchLabel } from '../../../lib/branch-label';

const MISSING = '-';
const orDash = (v: string | number | null) => (v === null || v === '' ? MISSING : String(v));

/** Home › Inventory › the car: where this page sits, and a way back to the whole fleet. */
export function SingleBreadcrumbs({ car }: { car: Car }) {
  return (
    <nav aria-label="Breadcrumb" className="single-breadcrumbs">
      <ol>
        <li>
          <Link to={paths.home.getHref()}>Home</Link>
        </li>
        <li>
          <Link to={paths.inventorySidebarCards.getHref()}>Inventory</Link>
        </li>
        <li>
          <Link to={paths.inventorySidebarCards.getHref(`?body_type=${car.body_type}`)}>
            {BODY_TYPE_LABELS[car.body_type]}
          </Link>
        </li>
        <li aria-current="page">{car.title}</li>
      </ol>
    </nav>
  );
}

// Quarter circles of radius 7 around (7, 7), clockwise from the top.
const QUARTERS = [
  'M7 7V0a7 7 0 0 1 7 7z',
  'M7 7h7a7 7 0 0 1-7 7z',
  'M7 7v7a7 7 0 0 1-7-7z',
  'M7 7H0a7 7 0 0 1 7-7z',
];

/**
 * A colour family's swatch, drawn with SVG fills: a style attribute would be refused by the
 * CSP in the HTML the server renders for a car's page (docs/decisions/004-web-budget.md).
 */
function ColourSwatch({ family }: { family: ColourFamily }) {
  return (
    <svg className="spec-swatch" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      {family === 'other' ? (
        QUARTERS.map((d, i) => <path key={d} d={d} fill={OTHER_SWATCH_COLOURS[i]} />)
      ) : (
        <circle cx="7" cy="7" r="7" fill={COLOUR_FAMILY_SWATCHES[family]} />
      )}
    </svg>
  );
}

/** Every fact the car records, as a two-column sheet; a dash where one is missing (PAGE-7). */
export function SpecTable({
  car,
  title = 'Vehicle details',
  headingLevel: H = 'h2',
}: {
  car: Car;
  title?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const rows: [string, ReactNode][] = [
    ['Make', car.make],
    ['Model', car.model],
    ['Year', car.year],
    ['Body type', BODY_TYPE_LABELS[car.body_type]],
    ['Transmission', TRANSMISSION_LABELS[car.transmission]],
    ['Fuel type', FUEL_TYPE_LABELS[car.fuel_type]],
    [
      'Exterior colour',
      <span className="spec-colour" key="c">
        <ColourSwatch family={colourFamilyOf(car.colour)} />
        {orDash(car.colour)}
      </span>,
    ],
    ['Doors', orDash(car.no_of_doors)],
    ['Seats', orDash(car.seat_capacity)],
    ['Pickup', branchLabel(car.branch)],
  ];
  return (
    <section className="spec-table">
      <H className="single-section-title">{title}</H>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="spec-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The key features (CAT-5), each either fitted or not, so a missing one is said, not hidden. */
export function FeatureChecklist({
  car,
  headingLevel: H = 'h2',
}: {
  car: Car;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <section className="feature-checklist">
      <H className="single-section-title">Key Features</H>
      <ul>
        {CAR_FEATURES.map((feature) => {
          const fitted = hasFeature(car, feature);
          return (
            <li key={feature} className={fitted ? 'is-fitted' : 'is-missing'}>
              <span className="feature-mark" aria-hidden="true">
                {fitted ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
              </span>
              {CAR_FEATURE_LABELS[feature]}
              <span className="visually-hidden">{fitted ? ': yes' : ': no'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Four facts a renter checks first, as large tiles. */
export function KeySpecTiles({ car }: { car: Car }) {
  const tiles: [string, string, ReactNode][] = [
    ['Year', String(car.year), <CalendarIcon key="y" />],
    ['Transmission', TRANSMISSION_LABELS[car.transmission], <GearIcon key="t" />],
    ['Seats', orDash(car.seat_capacity), <SeatIcon key="s" />],
    ['Fuel', FUEL_TYPE_LABELS[car.fuel_type], <FuelIcon key="f" />],
  ];
  return (
    <dl className="spec-tiles">
      {tiles.map(([label, value, icon]) => (
        <div key={label} className="spec-tile">
          <span className="spec-tile-icon" aria-hidden="true">
            {icon}
          </span>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where to collect the car, on the offline map of Ghana. */
export function PickupLocation({
  car,
  headingLevel: H = 'h2',
}: {
  car: Car;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <section className="pickup-location">
      <H className="single-section-title">Pickup location</H>
      <p className="muted">
        Collect the car at <strong>{branchLabel(car.branch)}</strong>.
      </p>
      <div className="pickup-location-map">
        <CarLocationMap
          city={car.location.city}
          town={townOf(car.location.city)}
          lat={car.location.lat}
          long={car.location.long}
        />
      </div>
    </section>
  );
}

/**
 * More cars of the same body type, linking to the same layout. The card comes from the page
 * (the cars feature's card), as on the inventory pages.
 */
export function SimilarCars({
  car,
  hrefOf,
  renderCard,
}: {
  car: Car;
  hrefOf: (id: number) => string;
  renderCard: (car: Car, href: string) => ReactNode;
}) {
  const similar = useInventoryCars({ body_type: car.body_type, limit: 5 });
  const cars = (similar.data?.all_cars ?? []).filter((c) => c.id !== car.id).slice(0, 4);
  if (cars.length === 0) return null;
  return (
    <section className="similar-cars" aria-labelledby="similar-cars-title">
      <div className="similar-cars-head">
        <h2 id="similar-cars-title">More {BODY_TYPE_LABELS[car.body_type]} cars</h2>
        <Link
          to={paths.inventorySidebarCards.getHref(`?body_type=${car.body_type}`)}
          className="similar-cars-all"
        >
          See all
        </Link>
      </div>
      <ul className="grid-cars similar-cars-grid">
        {cars.map((c) => (
          <li key={c.id}>{renderCard(c, hrefOf(c.id))}</li>
        ))}
      </ul>
    </section>
  );
}
