import type { ComponentType } from 'react';
import { paths } from '../config/paths';

/**
 * Who may see a route:
 * - 'anyone';
 * - 'signed-in': a visitor is sent to sign in (and brought back after);
 * - 'signed-out': someone who arrives signed in is sent home (the sign-in page);
 * - 'staff': the staff console, which has its own chrome (no site header or footer) and decides
 *   access itself: visitors to sign in, renters to the not-found page (routes/admin.tsx).
 */
export type RouteAccess = 'anyone' | 'signed-in' | 'signed-out' | 'staff';

export interface RouteEntry {
  /** The pattern, as React Router matches it ('*': any URL no other route matches). */
  path: string;
  /** Loads the page module (src/web/app/routes/<page>.tsx): each page is its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
  /** Who may see it: anyone when not said. */
  access?: RouteAccess;
}

/**
 * Every route of the site, once. The router (router.tsx) makes its routes from this list; the
 * build (scripts/build-web.mjs, with src/web/prerender.tsx's routePages) maps each pattern to
 * the chunks its page needs, which the server preloads in the HTML of a URL that matches it
 * (src/server/plugins/route-shells.ts). Loaders rather than module names keep the entry chunk,
 * which every page downloads, as small as a plain list of lazy pages.
 */
export const routeManifest: readonly RouteEntry[] = [
  { path: paths.home.path, load: () => import('./routes/home') },
  {
    path: paths.availableCars.path,
    load: () => import('./routes/available-cars'),
    access: 'signed-in',
  },
  { path: paths.carDetails.path, load: () => import('./routes/car-details') },
  {
    path: paths.bookingDetails.path,
    load: () => import('./routes/booking-details'),
    access: 'signed-in',
  },
  {
    path: paths.bookingHistory.path,
    load: () => import('./routes/booking-history'),
    access: 'signed-in',
  },
  { path: paths.booking.path, load: () => import('./routes/booking-view'), access: 'signed-in' },
  { path: paths.login.path, load: () => import('./routes/login'), access: 'signed-out' },
  // Password recovery (ACCT-13, ROUTE-9): open to anyone, signed in or not.
  { path: paths.forgotPassword.path, load: () => import('./routes/forgot-password') },
  { path: paths.resetPassword.path, load: () => import('./routes/reset-password') },
  // The sandbox phone (RUN-12, ROUTE-9): the page is there always and says when the sandbox is off.
  { path: paths.sandboxPhone.path, load: () => import('./routes/sandbox-phone') },
  { path: paths.about.path, load: () => import('./routes/about') },
  { path: paths.faq.path, load: () => import('./routes/faq') },
  { path: paths.contact.path, load: () => import('./routes/contact') },
  { path: paths.pricing.path, load: () => import('./routes/pricing') },
  { path: paths.terms.path, load: () => import('./routes/terms') },
  { path: paths.invoice.path, load: () => import('./routes/invoice') },
  // The account area is open, except the profile: a visitor has no profile to show, so it
  // asks them to sign in. Favorites live in this browser.
  { path: paths.dashboard.path, load: () => import('./routes/dashboard') },
  { path: paths.myListings.path, load: () => import('./routes/my-listings') },
  { path: paths.addListings.path, load: () => import('./routes/add-listings') },
  { path: paths.favorite.path, load: () => import('./routes/favorite') },
  // Saved searches are the renter's own (SAVED-3): a visitor is asked to sign in first.
  { path: paths.saved.path, load: () => import('./routes/saved'), access: 'signed-in' },
  // The renter's conversation with the company (CONV-1) is theirs alone.
  { path: paths.messages.path, load: () => import('./routes/messages'), access: 'signed-in' },
  { path: paths.profile.path, load: () => import('./routes/profile'), access: 'signed-in' },
  { path: paths.sandboxPay.path, load: () => import('./routes/pay'), access: 'signed-in' },
  { path: paths.paymentCallback.path, load: () => import('./routes/payment'), access: 'signed-in' },
  // The fleet with filters in four layouts, a car in four layouts, and the team.
  { path: paths.inventoryMapCards.path, load: () => import('./routes/inventory-map-cards') },
  { path: paths.inventoryMapRows.path, load: () => import('./routes/inventory-map-rows') },
  { path: paths.inventorySidebarRows.path, load: () => import('./routes/inventory-sidebar-rows') },
  {
    path: paths.inventorySidebarCards.path,
    load: () => import('./routes/inventory-sidebar-cards'),
  },
  { path: paths.inventorySingle.path, load: () => import('./routes/inventory-page-single-v1') },
  { path: paths.inventorySingleV2.path, load: () => import('./routes/inventory-page-single-v2') },
  { path: paths.inventorySingleV3.path, load: () => import('./routes/inventory-page-single-v3') },
  { path: paths.inventorySingleV5.path, load: () => import('./routes/inventory-page-single-v5') },
  { path: paths.teamList.path, load: () => import('./routes/team-list') },
  { path: paths.teamSingle.path, load: () => import('./routes/team-single') },
  { path: paths.notFound.path, load: () => import('./routes/not-found') },
  { path: '*', load: () => import('./routes/not-found') },
  // The console's own pages sit under it (config/admin-paths.ts).
  { path: `${paths.admin.path}/*`, load: () => import('./routes/admin'), access: 'staff' },
];
