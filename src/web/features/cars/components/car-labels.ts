import type { BodyType, FuelType, Transmission } from '../../../../shared/constants';

/** How the API's enum values read on screen. */
export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  hatchback: 'Hatchback',
  coupe: 'Coupe',
  convertible: 'Convertible',
  wagon: 'Wagon',
  pickup: 'Pickup',
  van: 'Van',
};

export const TRANSMISSION_LABELS: Record<Transmission, string> = {
  automatic: 'Automatic',
  manual: 'Manual',
};

export const FUEL_TYPE_LABELS: Record<FuelType, string> = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  hybrid: 'Hybrid',
  electric: 'Electric',
};

/** SPEC §2: a missing value in the overview shows a dash. */
export const MISSING = '-';

export function labelOf<K extends string>(
  labels: Record<K, string>,
  value: K | null | undefined,
): string {
  return value ? (labels[value] ?? MISSING) : MISSING;
}
