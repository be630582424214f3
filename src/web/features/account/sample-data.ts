/**
 * PAGE-11: the partner owners' tools (my listings) are static template pages
 * with sample figures. Everything here is invented and shown as a sample. The dashboard is the
 * renter's own (AREA-1): nothing here reaches it.
 */

export interface SampleListing {
  id: number;
  make: string;
  model: string;
  year: number;
  transmission: 'Automatic' | 'Manual';
  fuelType: 'Petrol' | 'Diesel' | 'Hybrid';
  listedOn: string;
}

export const sampleListings: SampleListing[] = [
  {
    id: 1,
    make: 'Toyota',
    model: 'Corolla',
    year: 2021,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    listedOn: '2026-03-02',
  },
  {
    id: 2,
    make: 'Hyundai',
    model: 'Tucson',
    year: 2022,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    listedOn: '2026-02-18',
  },
  {
    id: 3,
    make: 'Toyota',
    model: 'Hilux',
    year: 2020,
    transmission: 'Manual',
    fuelType: 'Diesel',
    listedOn: '2026-02-04',
  },
  {
    id: 4,
    make: 'Honda',
    model: 'CR-V',
    year: 2019,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    listedOn: '2026-01-21',
  },
  {
    id: 5,
    make: 'Kia',
    model: 'Picanto',
    year: 2021,
    transmission: 'Manual',
    fuelType: 'Petrol',
    listedOn: '2026-01-09',
  },
  {
    id: 6,
    make: 'Toyota',
    model: 'RAV4',
    year: 2023,
    transmission: 'Automatic',
    fuelType: 'Hybrid',
    listedOn: '2025-12-15',
  },
];

export interface SampleSavedSearch {
  id: number;
  title: string;
  query: string;
  /** Where 'Open' takes the person: the real list with the same filter. */
  filter: { make?: string; body_type?: string };
  listings: number;
  times: string;
}

export const sampleSavedSearches: SampleSavedSearch[] = [
  {
    id: 1,
    title: 'Toyota for the weekend',
    query: 'Make: Toyota',
    filter: { make: 'Toyota' },
    listings: 9,
    times: 'Daily',
  },
  {
    id: 2,
    title: 'Family SUV',
    query: 'Type: SUV',
    filter: { body_type: 'suv' },
    listings: 7,
    times: 'Weekly',
  },
  {
    id: 3,
    title: 'Van for a funeral trip',
    query: 'Type: Van',
    filter: { body_type: 'van' },
    listings: 3,
    times: 'Weekly',
  },
  {
    id: 4,
    title: 'Honda saloon',
    query: 'Make: Honda',
    filter: { make: 'Honda' },
    listings: 4,
    times: 'Monthly',
  },
];
