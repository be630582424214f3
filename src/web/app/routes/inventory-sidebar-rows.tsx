import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /inventory-sidebar-rows (CAT-3): the filters beside a list of cars, one per row. */
export default function InventorySidebarRows() {
  usePageTitle('Vehicle Inventory');
  return (
    <InventoryPage
      layout="sidebar-rows"
      title="Vehicle Inventory"
      intro="The whole fleet with every detail at a glance. Filter by type, make, price, features and more."
    />
  );
}
