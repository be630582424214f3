import { paths } from '../../config/paths';
import { CarCard } from '../../features/cars/components/car-card';
import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /inventory-sidebar-cards (CAT-3): the filters beside a grid of cards. */
export default function InventorySidebarCards() {
  usePageTitle('Browse Our Fleet');
  return (
    <InventoryPage
      layout="sidebar-cards"
      title="Browse Our Fleet"
      intro="Saloons for the city, SUVs for the north, vans for the whole family. Filter the fleet to find yours."
      renderCard={(car, { eager }) => (
        <CarCard
          car={car}
          eager={eager}
          headingLevel="h2"
          href={paths.inventorySingle.getHref(car.id)}
        />
      )}
    />
  );
}
