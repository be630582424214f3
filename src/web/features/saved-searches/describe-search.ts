import { BODY_TYPE_LABELS } from '../../../shared/car-labels';
import { formatDate } from '../../../shared/dates';
import { formatCedisWhole } from '../../../shared/money';
import type { SavedSearchFilters } from '../../../shared/saved-searches';

/**
 * A search's filters as short phrases a person reads ('Toyota', 'SUV', 'Kumasi', 'Up to
 * GH₵ 800 a day', '5 Dec 2026 to 7 Dec 2026'), in the list and the save dialog.
 */
export function describeSearch(f: SavedSearchFilters): string[] {
  const parts: string[] = [];
  if (f.make) parts.push(f.make);
  if (f.body_type) parts.push(BODY_TYPE_LABELS[f.body_type]);
  if (f.location) parts.push(f.location);
  if (f.min_price !== null && f.max_price !== null)
    parts.push(`${formatCedisWhole(f.min_price)} to ${formatCedisWhole(f.max_price)} a day`);
  else if (f.max_price !== null) parts.push(`Up to ${formatCedisWhole(f.max_price)} a day`);
  else if (f.min_price !== null) parts.push(`From ${formatCedisWhole(f.min_price)} a day`);
  if (f.start_date && f.end_date)
    parts.push(
      f.start_date === f.end_date
        ? formatDate(f.start_date)
        : `${formatDate(f.start_date)} to ${formatDate(f.end_date)}`,
    );
  return parts;
}

/**
 * A name to start from: what and where ('Toyota SUV in Kumasi', 'Cars in Tamale'). No price:
 * the cedi sign is outside the SMS alphabet and would be left out of the alert (SAVED-5).
 */
export function suggestedName(f: SavedSearchFilters): string {
  const what = [f.make, f.body_type ? BODY_TYPE_LABELS[f.body_type] : null]
    .filter(Boolean)
    .join(' ');
  return `${what || 'Cars'}${f.location ? ` in ${f.location}` : ''}`.slice(0, 60);
}
