/**
 * The routes of the route table (ROUTE-1 to ROUTE-4) the page sweeps open, each at a URL that
 * shows its page: route-sweep.spec.ts (axe and headings at two sizes) and reflow.spec.ts (320 px).
 * Login-required routes are opened signed in; /login signed out (a signed-in user is sent away).
 */
export const sweptRoutes: {
  path: string;
  signedIn?: boolean;
  heading?: RegExp;
  /** Its cars are listed and nothing sticks out sideways on the phone (CAT-3, CAT-4). */
  carsFitPhone?: boolean;
}[] = [
  { path: '/' },
  { path: '/available-cars', signedIn: true },
  { path: '/booking-history', signedIn: true },
  // Opened without a car, as from a bookmark: the page says how to pick one.
  { path: '/booking-details', signedIn: true },
  { path: '/car-details?id=1' },
  { path: '/inventory-map-cards', carsFitPhone: true },
  { path: '/inventory-map-rows', carsFitPhone: true },
  { path: '/inventory-sidebar-rows', carsFitPhone: true },
  { path: '/inventory-sidebar-cards', carsFitPhone: true },
  { path: '/inventory-page-single-v1/1', carsFitPhone: true },
  { path: '/inventory-page-single-v2/1', carsFitPhone: true },
  { path: '/inventory-page-single-v3/1', carsFitPhone: true },
  { path: '/inventory-page-single-v5/1', carsFitPhone: true },
  { path: '/dashboard' },
  { path: '/my-listings' },
  { path: '/add-listings' },
  { path: '/favorite' },
  { path: '/saved', signedIn: true },
  { path: '/messages', signedIn: true },
  { path: '/profile', signedIn: true },
  { path: '/about', heading: /About Us/ },
  { path: '/contact', heading: /Contact Us/ },
  { path: '/faq', heading: /Frequently Asked Questions/ },
  { path: '/pricing', heading: /Membership Plans/ },
  { path: '/terms', heading: /Terms & Conditions/ },
  { path: '/invoice', heading: /Sample invoice/ },
  { path: '/team-list' },
  { path: '/team-single/1' },
  { path: '/login' },
  { path: '/forgot-password' },
  { path: '/reset-password?msisdn=0244000001' },
  { path: '/sandbox/phone' },
  { path: '/sandbox/phone?msisdn=0244000001' },
  { path: '/404', heading: /Oops! It looks like you're lost\./ },
  { path: '/no/such/page', heading: /Oops! It looks like you're lost\./ },
];
