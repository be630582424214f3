import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /inventory-map-rows (CAT-3): the list of cars beside the map of pickup towns. */
export default function InventoryMapRows() {
  usePageTitle('Find a car near you');
  return (
    <InventoryPage
      layout="map-rows"
      title="Find a car near you"
      intro="Every car sits at one of our pickup points across Ghana. Choose a town on the map to see only the cars there."
    />
  );
}
