import { useId, type ReactNode } from 'react';
import {
  CAR_FEATURE_LABELS,
  COLOUR_FAMILY_LABELS,
  COLOUR_FAMILY_SWATCHES,
} from '../../../../shared/car-facets';
import {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../../shared/car-labels';
import type { CarFacets } from '../../../../shared/schemas/cars';
import type { FilterChanges, InventoryFilters } from '../inventory-filters';
import { PriceRangeSlider } from './price-range';

interface Option<T> {
  value: T;
  label: string;
  count: number;
  swatch?: string;
}

const carsText = (n: number) => `${n} ${n === 1 ? 'car' : 'cars'}`;

/** A list of checkboxes, any of which may be ticked; a value no car would match is disabled. */
function FacetChecklist<T extends string | number>({
  title,
  options,
  selected,
  onChange,
}: {
  title: string;
  options: Option<T>[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend className="facet-title">{title}</legend>
      <ul className="facet-options">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <li key={option.value}>
              <label
                className={
                  option.count === 0 && !checked ? 'facet-option is-empty' : 'facet-option'
                }
              >
                <input
                  type="checkbox"
                  // Read as 'Diesel, 15 cars': the count is part of the choice.
                  aria-label={`${option.label}, ${carsText(option.count)}`}
                  checked={checked}
                  disabled={option.count === 0 && !checked}
                  onChange={() =>
                    onChange(
                      checked
                        ? selected.filter((v) => v !== option.value)
                        : [...selected, option.value],
                    )
                  }
                />
                {option.swatch && (
                  <span
                    className="facet-swatch"
                    style={{ background: option.swatch }}
                    aria-hidden="true"
                  />
                )}
                <span className="facet-label">{option.label}</span>
                <span className="facet-count" aria-hidden="true">
                  {option.count}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** One choice from a dropdown; the counts are part of each option's text. */
function FacetSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  value: string | null;
  anyLabel: string;
  options: Option<string>[];
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  // A value in the address that the fleet lacks still shows as chosen (and finds nothing).
  const all =
    value !== null && !options.some((o) => o.value.toLowerCase() === value.toLowerCase())
      ? [...options, { value, label: value, count: 0 }]
      : options;
  const current =
    value === null
      ? ''
      : (all.find((o) => o.value.toLowerCase() === value.toLowerCase())?.value ?? value);
  return (
    <div className="field facet facet-select">
      <label htmlFor={id} className="facet-title">
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={current}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{anyLabel}</option>
        {all.map((option) => (
          <option
            key={option.value}
            value={option.value}
            disabled={option.count === 0 && option.value !== current}
          >
            {option.label} ({option.count})
          </option>
        ))}
      </select>
    </div>
  );
}

const sum = (entries: { value: number; count: number }[], test: (v: number) => boolean) =>
  entries.reduce((total, e) => (test(e.value) ? total + e.count : total), 0);

interface FilterSidebarProps {
  filters: InventoryFilters;
  facets: CarFacets | undefined;
  onChange: (changes: FilterChanges) => void;
  /** Extra content at the end (the popup's 'Show N vehicles'). */
  footer?: ReactNode;
}

/**
 * The filter sidebar, wired to the fleet (CAT-3, CAT-4). Only filters the data can
 * answer are shown (no zip code, mileage, drive type, interior colour or cylinders), and every
 * count is the server's: what the list would hold with that option chosen.
 */
export function FilterSidebar({ filters, facets, onChange, footer }: FilterSidebarProps) {
  if (!facets) {
    return (
      <div className="filter-sidebar is-loading" role="status">
        <span className="visually-hidden">Loading filters…</span>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton facet-skeleton" aria-hidden="true" />
        ))}
      </div>
    );
  }

  const make = filters.make?.toLowerCase() ?? null;
  const models = facets.model.filter(
    (m) =>
      (make === null || m.make.toLowerCase() === make) &&
      (m.count > 0 || m.value.toLowerCase() === filters.model?.toLowerCase()),
  );
  const years = facets.year;
  const inYears = (min: number | null, max: number | null) => (y: number) =>
    y >= (min ?? -Infinity) && y <= (max ?? Infinity);

  return (
    <div className="filter-sidebar">
      <FacetSelect
        label="Location"
        anyLabel="Anywhere in Ghana"
        value={filters.location}
        options={facets.location.map((l) => ({ value: l.value, label: l.value, count: l.count }))}
        onChange={(location) => onChange({ location })}
      />

      <FacetChecklist
        title="Type"
        options={facets.body_type.map((t) => ({
          value: t.value,
          label: BODY_TYPE_LABELS[t.value],
          count: t.count,
        }))}
        selected={filters.bodyTypes}
        onChange={(bodyTypes) => onChange({ bodyTypes })}
      />

      <FacetSelect
        label="Make"
        anyLabel="Any Makes"
        value={filters.make}
        options={facets.make.map((m) => ({ value: m.value, label: m.value, count: m.count }))}
        // Another make's models would find nothing, so the model goes with it.
        onChange={(next) => onChange({ make: next, model: null })}
      />

      <FacetSelect
        label="Model"
        anyLabel="Any model"
        value={filters.model}
        options={models.map((m) => ({
          value: m.value,
          label: make ? m.value : `${m.make} ${m.value}`,
          count: m.count,
        }))}
        onChange={(model) => onChange({ model })}
      />

      <div className="facet-pair">
        <FacetSelect
          label="Min year"
          anyLabel="Any"
          value={filters.minYear === null ? null : String(filters.minYear)}
          options={years
            .filter((y) => filters.maxYear === null || y.value <= filters.maxYear)
            .map((y) => ({
              value: String(y.value),
              label: String(y.value),
              count: sum(years, inYears(y.value, filters.maxYear)),
            }))}
          onChange={(v) => onChange({ minYear: v === null ? null : Number(v) })}
        />
        <FacetSelect
          label="Max year"
          anyLabel="Any"
          value={filters.maxYear === null ? null : String(filters.maxYear)}
          options={years
            .filter((y) => filters.minYear === null || y.value >= filters.minYear)
            .map((y) => ({
              value: String(y.value),
              label: String(y.value),
              count: sum(years, inYears(filters.minYear, y.value)),
            }))}
          onChange={(v) => onChange({ maxYear: v === null ? null : Number(v) })}
        />
      </div>

      <PriceRangeSlider
        value={filters.price}
        prices={facets.price.values}
        onChange={(price) => onChange({ price })}
      />

      <FacetChecklist
        title="Transmission"
        options={facets.transmission.map((t) => ({
          value: t.value,
          label: TRANSMISSION_LABELS[t.value],
          count: t.count,
        }))}
        selected={filters.transmissions}
        onChange={(transmissions) => onChange({ transmissions })}
      />

      <FacetChecklist
        title="Fuel Type"
        options={facets.fuel_type.map((f) => ({
          value: f.value,
          label: FUEL_TYPE_LABELS[f.value],
          count: f.count,
        }))}
        selected={filters.fuels}
        onChange={(fuels) => onChange({ fuels })}
      />

      <FacetChecklist
        title="Exterior Color"
        options={facets.colour.map((c) => ({
          value: c.value,
          label: COLOUR_FAMILY_LABELS[c.value],
          count: c.count,
          swatch: COLOUR_FAMILY_SWATCHES[c.value],
        }))}
        selected={filters.colours}
        onChange={(colours) => onChange({ colours })}
      />

      <FacetChecklist
        title="Doors"
        options={facets.doors.map((d) => ({
          value: d.value,
          label: `${d.value} doors`,
          count: d.count,
        }))}
        selected={filters.doors}
        onChange={(doors) => onChange({ doors })}
      />

      <FacetSelect
        label="Seats"
        anyLabel="Any number"
        value={filters.seats === null ? null : String(filters.seats)}
        options={facets.seats.map((s) => ({
          value: String(s.value),
          label: `${s.value}+ seats`,
          count: sum(facets.seats, (v) => v >= s.value),
        }))}
        onChange={(v) => onChange({ seats: v === null ? null : Number(v) })}
      />

      <FacetChecklist
        title="Key Features"
        options={facets.features.map((f) => ({
          value: f.value,
          label: CAR_FEATURE_LABELS[f.value],
          count: f.count,
        }))}
        selected={filters.features}
        onChange={(features) => onChange({ features })}
      />
      {footer}
    </div>
  );
}
