import { withTripDates, type TripDates } from '../lib/trip-dates';

/** Every URL of the site, named once (CONTRIBUTING.md). Route patterns and hrefs side by side. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  availableCars: {
    path: '/available-cars',
    /** Filters travel in the query string: /available-cars?make=Audi or ?body_type=suv. */
    getHref: (query?: { make?: string; body_type?: string }) => {
      const search = new URLSearchParams(
        Object.entries(query ?? {}).filter(([, v]) => v) as [string, string][],
      );
      return search.size ? `/available-cars?${search}` : '/available-cars';
    },
  },
  /** Trip dates chosen in the car list travel with the car, to its page and its form. */
  carDetails: {
    path: '/car-details',
    getHref: (id?: number, dates?: TripDates | null) =>
      id === undefined ? '/car-details' : withTripDates(`/car-details?id=${id}`, dates),
  },
  /** The car being booked stays in the address, so a reload or a shared link keeps it. */
  bookingDetails: {
    path: '/booking-details',
    getHref: (carId?: number, dates?: TripDates | null) =>
      carId === undefined
        ? '/booking-details'
        : withTripDates(`/booking-details?car=${carId}`, dates),
  },
  bookingHistory: { path: '/booking-history', getHref: () => '/booking-history' },
  booking: {
    path: '/booking-history/:code',
    getHref: (code: string) => `/booking-history/${code}`,
  },
  login: {
    path: '/login',
    getHref: (tab?: 'register') => (tab ? '/login?tab=register' : '/login'),
  },
  /** Password recovery by SMS code (ACCT-13): the number first, then the code. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (msisdn: string) => `/reset-password?msisdn=${encodeURIComponent(msisdn)}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  about: { path: '/about', getHref: () => '/about' },
  contact: {
    path: '/contact',
    /** With a subject, the form's message starts with it (a pricing plan's 'Buy Now'). */
    getHref: (subject?: string) =>
      subject ? `/contact?subject=${encodeURIComponent(subject)}` : '/contact',
  },
  faq: { path: '/faq', getHref: () => '/faq' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  terms: { path: '/terms', getHref: () => '/terms' },
  /** With a booking code: that booking's invoice (the viewer's own); without: the sample. */
  invoice: {
    path: '/invoice',
    getHref: (code?: string) => (code ? `/invoice?code=${encodeURIComponent(code)}` : '/invoice'),
  },
  teamList: { path: '/team-list', getHref: () => '/team-list' },
  teamSingle: { path: '/team-single/:id', getHref: (id: number) => `/team-single/${id}` },
  inventorySingle: {
    path: '/inventory-page-single-v1/:id',
    getHref: (id: number, version: 1 | 2 | 3 | 5 = 1) => `/inventory-page-single-v${version}/${id}`,
  },
  inventorySingleV2: {
    path: '/inventory-page-single-v2/:id',
    getHref: (id: number) => `/inventory-page-single-v2/${id}`,
  },
  inventorySingleV3: {
    path: '/inventory-page-single-v3/:id',
    getHref: (id: number) => `/inventory-page-single-v3/${id}`,
  },
  inventorySingleV5: {
    path: '/inventory-page-single-v5/:id',
    getHref: (id: number) => `/inventory-page-single-v5/${id}`,
  },
  // The inventory pages keep their filters in the query string: getHref('?make=Toyota').
  inventoryMapCards: {
    path: '/inventory-map-cards',
    getHref: (search = '') => `/inventory-map-cards${search}`,
  },
  inventoryMapRows: {
    path: '/inventory-map-rows',
    getHref: (search = '') => `/inventory-map-rows${search}`,
  },
  inventorySidebarRows: {
    path: '/inventory-sidebar-rows',
    getHref: (search = '') => `/inventory-sidebar-rows${search}`,
  },
  inventorySidebarCards: {
    path: '/inventory-sidebar-cards',
    getHref: (search = '') => `/inventory-sidebar-cards${search}`,
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  favorite: {
    path: '/favorite',
    getHref: (page?: number) => (page && page > 1 ? `/favorite?page=${page}` : '/favorite'),
  },
  myListings: { path: '/my-listings', getHref: () => '/my-listings' },
  addListings: { path: '/add-listings', getHref: () => '/add-listings' },
  saved: { path: '/saved', getHref: () => '/saved' },
  /** With a booking code: the message starts linked to that booking (CONV-4). */
  messages: {
    path: '/messages',
    getHref: (bookingCode?: string) =>
      bookingCode ? `/messages?booking=${encodeURIComponent(bookingCode)}` : '/messages',
  },
  notFound: { path: '/404', getHref: () => '/404' },
  /** Where Paystack sends the renter back (Paystack adds ?reference=…). */
  paymentCallback: {
    path: '/payment/callback',
    getHref: (reference: string) => `/payment/callback?reference=${encodeURIComponent(reference)}`,
  },
  /** The sandbox provider's stand-in for the phone's mobile money prompt. */
  sandboxPay: {
    path: '/pay/sandbox/:reference',
    getHref: (reference: string) => `/pay/sandbox/${encodeURIComponent(reference)}`,
  },
  /** The sandbox SMS provider's stand-in for a phone: what it "sent" to one number (RUN-12). */
  sandboxPhone: {
    path: '/sandbox/phone',
    getHref: (msisdn?: string) =>
      msisdn ? `/sandbox/phone?msisdn=${encodeURIComponent(msisdn)}` : '/sandbox/phone',
  },
  // The staff console (ROUTE-4); its inner pages' paths live in config/admin-paths.ts.
  admin: { path: '/admin', getHref: () => '/admin' },
} as const;
