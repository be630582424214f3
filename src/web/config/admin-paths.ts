/**
 * The staff console's inner pages (routes/admin.tsx renders them all). Kept out of
 * config/paths.ts, which every renter's first page downloads.
 */
export const adminPaths = {
  adminCars: { path: '/admin/cars', getHref: () => '/admin/cars' },
  adminCarNew: { path: '/admin/cars/new', getHref: () => '/admin/cars/new' },
  adminCar: { path: '/admin/cars/:id', getHref: (id: number) => `/admin/cars/${id}` },
  adminBranches: { path: '/admin/branches', getHref: () => '/admin/branches' },
  adminBranchNew: { path: '/admin/branches/new', getHref: () => '/admin/branches/new' },
  adminBranch: { path: '/admin/branches/:id', getHref: (id: number) => `/admin/branches/${id}` },
  adminPrices: { path: '/admin/prices', getHref: () => '/admin/prices' },
  adminBookings: { path: '/admin/bookings', getHref: () => '/admin/bookings' },
  /** A phone or walk-in booking (STAFF-14). */
  adminBookingNew: { path: '/admin/bookings/new', getHref: () => '/admin/bookings/new' },
  adminBooking: {
    path: '/admin/bookings/:code',
    getHref: (code: string) => `/admin/bookings/${encodeURIComponent(code)}`,
  },
  /** The handover forms and receipt of a booking (HAND-1, HAND-5, HAND-9). */
  adminPickup: {
    path: '/admin/bookings/:code/pick-up',
    getHref: (code: string) => `/admin/bookings/${encodeURIComponent(code)}/pick-up`,
  },
  adminReturn: {
    path: '/admin/bookings/:code/return',
    getHref: (code: string) => `/admin/bookings/${encodeURIComponent(code)}/return`,
  },
  adminHandover: {
    path: '/admin/bookings/:code/handover',
    getHref: (code: string) => `/admin/bookings/${encodeURIComponent(code)}/handover`,
  },
  adminCustomers: { path: '/admin/customers', getHref: () => '/admin/customers' },
  adminCustomer: {
    path: '/admin/customers/:id',
    getHref: (id: number) => `/admin/customers/${id}`,
  },
  adminMessages: { path: '/admin/messages', getHref: () => '/admin/messages' },
  /** Text messages that failed (the contact messages are adminMessages). */
  adminSms: { path: '/admin/sms', getHref: () => '/admin/sms' },
  /** Renters' documents waiting for a check (DOC-5). */
  adminDocuments: { path: '/admin/documents', getHref: () => '/admin/documents' },
  /** Review moderation (REVIEW-4). */
  adminReviews: { path: '/admin/reviews', getHref: () => '/admin/reviews' },
  /** Staff accounts, the owner's alone (STAFF-43). */
  adminStaff: { path: '/admin/staff', getHref: () => '/admin/staff' },
  /** The audit trail, the owner's (AUDIT-11). */
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  /** The company's TIN and taxes, the owner's (STAFF-45). */
  adminTaxes: { path: '/admin/taxes', getHref: () => '/admin/taxes' },
  /** The staff member's own second step (ACCT-26). */
  adminSecurity: { path: '/admin/security', getHref: () => '/admin/security' },
} as const;
