import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { newestUsedYear } from '../../../../shared/car-facets';
import { todayInAccra } from '../../../../shared/dates';
import type { Car } from '../../../../shared/schemas/cars';
import { CarSkeletons } from '../../../components/car-skeletons';
import { Tabs } from '../../../components/tabs';
import { paths } from '../../../config/paths';
import { useInventoryCars } from '../api/inventory';
import './vehicle-tabs.css';

const SHOWN = 8;

interface Category {
  id: 'new' | 'used' | 'stock';
  label: string;
  note: string;
  query: Record<string, string | number>;
  /** The whole category on an inventory page, where it has a filter there. */
  seeAll?: string;
}

/**
 * The vehicle tabs' categories (CAT-10), defined on real data: 'New cars' are recent models (the last five model
 * years, shared/car-facets.ts), 'Used Cars' the older ones, 'In Stock' every car free today
 * (no live booking on today's date; retired cars are never listed).
 */
function categories(today: string): Category[] {
  const lastUsed = newestUsedYear(Number(today.slice(0, 4)));
  return [
    {
      id: 'new',
      label: 'New cars',
      note: `Model year ${lastUsed + 1} or newer.`,
      query: { min_year: lastUsed + 1, sort: 'newest' },
      seeAll: paths.inventorySidebarCards.getHref(`?min_year=${lastUsed + 1}&price=0-50000`),
    },
    {
      id: 'used',
      label: 'Used Cars',
      note: `Model year ${lastUsed} or older, well kept and priced lower.`,
      query: { max_year: lastUsed, sort: 'newest' },
      seeAll: paths.inventorySidebarCards.getHref(`?max_year=${lastUsed}&price=0-50000`),
    },
    {
      id: 'stock',
      label: 'In Stock',
      note: 'Free to pick up today.',
      query: { start_date: today, end_date: today },
    },
  ];
}

function CategoryPanel({
  category,
  renderCard,
}: {
  category: Category;
  renderCard: (car: Car) => ReactNode;
}) {
  const cars = useInventoryCars({ ...category.query, limit: SHOWN });
  return (
    <div className="vehicle-tabs-panel">
      <div className="vehicle-tabs-meta">
        <p className="muted">
          {category.note}
          {cars.data && ` ${cars.data.total} ${cars.data.total === 1 ? 'car' : 'cars'}.`}
        </p>
        {category.seeAll && cars.data && cars.data.total > SHOWN && (
          <Link to={category.seeAll} className="vehicle-tabs-all">
            See all {cars.data.total}
          </Link>
        )}
      </div>
      {cars.isPending ? (
        <CarSkeletons count={4} />
      ) : cars.isError ? (
        <p className="alert alert-error">{cars.error.message}</p>
      ) : cars.data.all_cars.length === 0 ? (
        <p className="muted">No cars in this group right now.</p>
      ) : (
        <ul className="grid-cars vehicle-tabs-grid">
          {cars.data.all_cars.map((car) => (
            <li key={car.id}>{renderCard(car)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Explore All Vehicles' on the team page: real cars by category, 'New cars' first. */
export function VehicleTabs({ renderCard }: { renderCard: (car: Car) => ReactNode }) {
  const list = categories(todayInAccra());
  return (
    <section className="vehicle-tabs" aria-labelledby="vehicle-tabs-title">
      <h2 id="vehicle-tabs-title">Explore All Vehicles</h2>
      <Tabs
        label="Vehicle categories"
        look="underline"
        onlyChosenPanel
        tabs={list.map((category) => ({
          id: category.id,
          label: category.label,
          panel: <CategoryPanel category={category} renderCard={renderCard} />,
        }))}
      />
    </section>
  );
}
