import { paths } from '../../config/paths';
import { CarCard } from '../../features/cars/components/car-card';
import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /inventory-map-cards (CAT-3): the map of pickup towns above a grid of cards. */
export default function InventoryMapCards() {
  usePageTitle('Cars across Ghana');
  return (
    <InventoryPage
      layout="map-cards"
      title="Cars across Ghana"
      intro="Pick up in Accra (East Legon or the airport) or Kumasi. Choose a town on the map, or narrow the fleet with the filters."
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
