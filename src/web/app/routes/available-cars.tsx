import { CarCatalogue } from '../../features/cars/components/car-catalogue';
import { SaveSearch } from '../../features/saved-searches/components/save-search';
import { usePageTitle } from '../../lib/use-page-title';

export default function AvailableCars() {
  usePageTitle('Our Vehicles');
  return (
    <CarCatalogue
      // SAVED-1: the list's filters as a saved search (the page is for signed-in renters only).
      actions={(f) => (
        <SaveSearch
          filters={{
            make: f.make,
            body_type: f.bodyType,
            location: f.location,
            min_price: f.minPrice,
            max_price: f.maxPrice,
            start_date: f.startDate,
            end_date: f.endDate,
          }}
        />
      )}
    />
  );
}
