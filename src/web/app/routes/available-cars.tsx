import { CarCatalogue } from '../../features/cars/components/car-catalogue';
import { usePageTitle } from '../../lib/use-page-title';

export default function AvailableCars() {
  usePageTitle('Our Vehicles');
  return <CarCatalogue />;
}
