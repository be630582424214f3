import { useId } from 'react';
import { formatCedisWhole } from '../../../../shared/money';
import { useBranchTowns } from '../api/branch-towns';
import './town-price-filter.css';

/** The steps of the price filter, in cedis a day (the fleet runs from about 350 to 3,500). */
const MAX_PRICES = [300, 500, 800, 1_000, 1_500, 2_000, 3_000];

interface TownPriceFilterProps {
  location: string | null;
  maxPrice: number | null;
  onLocation: (town: string | null) => void;
  onMaxPrice: (cedis: number | null) => void;
}

/**
 * The pickup town (where the car's branch is) and the most a day, as plain selects: a saved
 * search keeps both (SAVED-1), and its link sets them (SAVED-4).
 */
export function TownPriceFilter({
  location,
  maxPrice,
  onLocation,
  onMaxPrice,
}: TownPriceFilterProps) {
  const id = useId();
  const towns = useBranchTowns().data ?? [];
  // A town or price in the address that is not among the choices still shows as chosen.
  const townOptions =
    location && !towns.some((t) => t.toLowerCase() === location.toLowerCase())
      ? [...towns, location]
      : towns;
  const chosenTown = townOptions.find((t) => t.toLowerCase() === location?.toLowerCase()) ?? '';
  const prices =
    maxPrice !== null && !MAX_PRICES.includes(maxPrice)
      ? [...MAX_PRICES, maxPrice].sort((a, b) => a - b)
      : MAX_PRICES;
  return (
    <div className="town-price">
      <div className="town-price-field">
        <label htmlFor={`${id}-town`}>Pickup town</label>
        <select
          id={`${id}-town`}
          className="select"
          value={chosenTown}
          onChange={(e) => onLocation(e.target.value || null)}
        >
          <option value="">Any town</option>
          {townOptions.map((town) => (
            <option key={town} value={town}>
              {town}
            </option>
          ))}
        </select>
      </div>
      <div className="town-price-field">
        <label htmlFor={`${id}-price`}>Price a day</label>
        <select
          id={`${id}-price`}
          className="select"
          value={maxPrice === null ? '' : String(maxPrice)}
          onChange={(e) => onMaxPrice(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Any price</option>
          {prices.map((cedis) => (
            <option key={cedis} value={cedis}>
              Up to {formatCedisWhole(cedis)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
