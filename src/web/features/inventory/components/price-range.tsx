import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { formatCedisWhole } from '../../../../shared/money';
import { inPriceRange, PRICE_RANGE, type PriceRange } from '../inventory-filters';

/** How long the slider rests before the list follows it: one request per gesture, not per pixel. */
const SETTLE_MS = 450;

const formatEnd = (value: number) =>
  value >= PRICE_RANGE.max ? `${formatCedisWhole(value)}+` : formatCedisWhole(value);

interface PriceRangeProps {
  value: PriceRange;
  onChange: (value: PriceRange) => void;
  /** Daily prices of the cars that match the other filters: the live count. */
  prices: readonly number[] | undefined;
}

/**
 * The price range (CAT-9): two thumbs over one track (two labelled range inputs, so each works
 * with arrow keys and a screen reader), in cedis for a week's hire (inventory-filters.ts).
 * While a thumb moves, the count of matching cars follows at once from the facet's prices.
 */
export function PriceRangeSlider({ value, onChange, prices }: PriceRangeProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  // The address changed under us (a chip removed, Back pressed): show what it says.
  const [shown, setShown] = useState(value);
  if (value.min !== shown.min || value.max !== shown.max) {
    setShown(value);
    setDraft({ min: value.min, max: value.max });
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function move(next: PriceRange) {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(next), SETTLE_MS);
  }

  const span = PRICE_RANGE.max - PRICE_RANGE.min;
  const left = ((draft.min - PRICE_RANGE.min) / span) * 100;
  const right = ((draft.max - PRICE_RANGE.min) / span) * 100;
  const count = prices?.filter((p) => inPriceRange(p, draft)).length;

  return (
    <fieldset className="facet price-range">
      <legend className="facet-title">Price range</legend>
      <p className="price-range-values" id={`${id}-values`}>
        <strong>
          {formatCedisWhole(draft.min)} – {formatEnd(draft.max)}
        </strong>{' '}
        a day
      </p>
      <div
        className="price-range-track"
        style={{ '--from': `${left}%`, '--to': `${right}%` } as CSSProperties}
      >
        <label className="visually-hidden" htmlFor={`${id}-min`}>
          Lowest price a day
        </label>
        <input
          id={`${id}-min`}
          type="range"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={draft.min}
          aria-valuetext={formatCedisWhole(draft.min)}
          onChange={(e) =>
            move({
              min: Math.min(Number(e.target.value), draft.max - PRICE_RANGE.step),
              max: draft.max,
            })
          }
        />
        <label className="visually-hidden" htmlFor={`${id}-max`}>
          Highest price a day
        </label>
        <input
          id={`${id}-max`}
          type="range"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={draft.max}
          aria-valuetext={formatEnd(draft.max)}
          onChange={(e) =>
            move({
              min: draft.min,
              max: Math.max(Number(e.target.value), draft.min + PRICE_RANGE.step),
            })
          }
        />
      </div>
      {count !== undefined && (
        <p className="price-range-hint">
          <span className="price-range-count" role="status">
            {count} {count === 1 ? 'car' : 'cars'} in range
          </span>
        </p>
      )}
    </fieldset>
  );
}
