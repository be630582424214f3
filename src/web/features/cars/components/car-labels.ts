// The labels live in src/shared/car-labels.ts, where the inventory filters read them too.
export {
  BODY_TYPE_LABELS,
  FUEL_TYPE_LABELS,
  TRANSMISSION_LABELS,
} from '../../../../shared/car-labels';

/** PAGE-6: a missing value in the overview shows a dash. */
export const MISSING = '-';

export function labelOf<K extends string>(
  labels: Record<K, string>,
  value: K | null | undefined,
): string {
  return value ? (labels[value] ?? MISSING) : MISSING;
}
