import { CAR_FEATURE_LABELS, COLOUR_FAMILY_LABELS } from '../../../../shared/car-facets';
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../../shared/car-labels';
import { formatCedisWhole } from '../../../../shared/money';
import { CloseIcon } from '../../../components/icons';
import {
  isWholePriceRange,
  PRICE_RANGE,
  type FilterChanges,
  type InventoryFilters,
} from '../inventory-filters';

interface Chip {
  key: string;
  label: string;
  change: FilterChanges;
}

function chipsOf(f: InventoryFilters): Chip[] {
  const chips: Chip[] = [];
  const without = <T,>(list: readonly T[], value: T) => list.filter((v) => v !== value);
  if (f.location)
    chips.push({ key: 'location', label: `Location: ${f.location}`, change: { location: null } });
  for (const t of f.bodyTypes)
    chips.push({
      key: `type-${t}`,
      label: BODY_TYPE_LABELS[t],
      change: { bodyTypes: without(f.bodyTypes, t) },
    });
  if (f.make)
    chips.push({ key: 'make', label: `Make: ${f.make}`, change: { make: null, model: null } });
  if (f.model) chips.push({ key: 'model', label: `Model: ${f.model}`, change: { model: null } });
  if (f.minYear !== null)
    chips.push({ key: 'min-year', label: `From ${f.minYear}`, change: { minYear: null } });
  if (f.maxYear !== null)
    chips.push({ key: 'max-year', label: `Up to ${f.maxYear}`, change: { maxYear: null } });
  if (!isWholePriceRange(f.price)) {
    const top =
      f.price.max >= PRICE_RANGE.max
        ? `${formatCedisWhole(f.price.max)}+`
        : formatCedisWhole(f.price.max);
    chips.push({
      key: 'price',
      label: `${formatCedisWhole(f.price.min)} – ${top} a day`,
      change: { price: { min: PRICE_RANGE.min, max: PRICE_RANGE.max } },
    });
  }
  for (const t of f.transmissions)
    chips.push({
      key: `tr-${t}`,
      label: TRANSMISSION_LABELS[t],
      change: { transmissions: without(f.transmissions, t) },
    });
  for (const x of f.fuels)
    chips.push({
      key: `fuel-${x}`,
      label: FUEL_TYPE_LABELS[x],
      change: { fuels: without(f.fuels, x) },
    });
  for (const c of f.colours)
    chips.push({
      key: `colour-${c}`,
      label: COLOUR_FAMILY_LABELS[c],
      change: { colours: without(f.colours, c) },
    });
  for (const d of f.doors)
    chips.push({ key: `doors-${d}`, label: `${d} doors`, change: { doors: without(f.doors, d) } });
  if (f.seats !== null)
    chips.push({ key: 'seats', label: `${f.seats}+ seats`, change: { seats: null } });
  for (const x of f.features)
    chips.push({
      key: `feature-${x}`,
      label: CAR_FEATURE_LABELS[x],
      change: { features: without(f.features, x) },
    });
  return chips;
}

/** The filters in force, each removable; the price range's default counts as one (it hides cars). */
export function ActiveFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: InventoryFilters;
  onChange: (changes: FilterChanges) => void;
  onClear: () => void;
}) {
  const chips = chipsOf(filters);
  if (chips.length === 0) return null;
  return (
    <ul className="inventory-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className="inventory-chip" onClick={() => onChange(chip.change)}>
            <span className="visually-hidden">Remove filter </span>
            {chip.label}
            <CloseIcon size={14} />
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button type="button" className="btn-link inventory-clear" onClick={onClear}>
            Clear all filters
          </button>
        </li>
      )}
    </ul>
  );
}
