import type { AdminBookingListQuery } from '../../../shared/schemas/bookings.staff';
import type { AdminCarListQuery } from '../../../shared/schemas/cars.staff';

/**
 * The console's query keys (docs/admin-api.md), in one place because a write in one domain
 * invalidates what it may have changed in another's. Every key starts with 'admin', so signing
 * out drops them all at once.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  cars: ['admin', 'cars'] as const,
  carList: (query: Partial<AdminCarListQuery>) => ['admin', 'cars', 'list', query] as const,
  car: (id: number) => ['admin', 'cars', 'detail', id] as const,
  blocks: (id: number) => ['admin', 'cars', 'blocks', id] as const,
  bookings: ['admin', 'bookings'] as const,
  bookingList: (query: Partial<AdminBookingListQuery>) =>
    ['admin', 'bookings', 'list', query] as const,
  booking: (code: string) => ['admin', 'bookings', 'detail', code] as const,
  customers: ['admin', 'customers'] as const,
  customerList: (query: { q?: string; page: number }) =>
    ['admin', 'customers', 'list', query] as const,
  customer: (id: number, page: number) => ['admin', 'customers', 'detail', id, page] as const,
  contact: (page: number) => ['admin', 'messages', 'contact', page] as const,
  newsletter: (page: number) => ['admin', 'messages', 'newsletter', page] as const,
  branches: ['admin', 'branches'] as const,
  extraPrices: ['admin', 'extra-prices'] as const,
  taxSettings: ['admin', 'tax-settings'] as const,
  staff: ['admin', 'staff'] as const,
};
