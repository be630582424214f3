/** Every URL of the site, named once (STYLE.md). Route patterns and hrefs side by side. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  availableCars: {
    path: '/available-cars',
    /** Filters travel in the query string: /available-cars?make=Audi or ?body_type=suv. */
    getHref: (query?: { make?: string; body_type?: string }) => {
      const search = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v) as [string, string][]);
      return search.size ? `/available-cars?${search}` : '/available-cars';
    },
  },
  carDetails: {
    path: '/car-details',
    getHref: (id?: number) => (id === undefined ? '/car-details' : `/car-details?id=${id}`),
  },
  bookingDetails: { path: '/booking-details', getHref: () => '/booking-details' },
  bookingHistory: { path: '/booking-history', getHref: () => '/booking-history' },
  booking: { path: '/booking-history/:code', getHref: (code: string) => `/booking-history/${code}` },
  login: { path: '/login', getHref: (tab?: 'register') => (tab ? '/login?tab=register' : '/login') },
  profile: { path: '/profile', getHref: () => '/profile' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  faq: { path: '/faq', getHref: () => '/faq' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  terms: { path: '/terms', getHref: () => '/terms' },
  invoice: { path: '/invoice', getHref: () => '/invoice' },
  teamList: { path: '/team-list', getHref: () => '/team-list' },
  teamSingle: { path: '/team-single/:id', getHref: (id: number) => `/team-single/${id}` },
  inventorySingle: {
    path: '/inventory-page-single-v1/:id',
    getHref: (id: number, version: 1 | 2 | 3 | 5 = 1) => `/inventory-page-single-v${version}/${id}`,
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  favorite: { path: '/favorite', getHref: () => '/favorite' },
  notFound: { path: '/404', getHref: () => '/404' },
} as const;
