import type { BodyType, FuelType, Transmission } from './constants';

/**
 * How the API's enum values read on screen. Shared, because several parts of the site name
 * body types and fuels (the car pages, the inventory filters, the staff console).
 */
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
