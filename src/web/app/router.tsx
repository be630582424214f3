import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Layout } from '../components/layout/layout';
import { paths } from '../config/paths';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/components/require-auth';
import { forceLogout } from '../lib/session-store';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from './provider';

// Every page is its own chunk: the home page downloads only what it shows (budget: 110 KiB).
// Declarative <Routes> rather than createBrowserRouter: the data router costs 17 KiB (gzip)
// more, and no page uses loaders or actions (docs/decisions/004-web-budget.md).
const Home = lazy(() => import('./routes/home'));
const AvailableCars = lazy(() => import('./routes/available-cars'));
const CarDetails = lazy(() => import('./routes/car-details'));
const BookingDetails = lazy(() => import('./routes/booking-details'));
const BookingHistory = lazy(() => import('./routes/booking-history'));
const BookingView = lazy(() => import('./routes/booking-view'));
const Login = lazy(() => import('./routes/login'));
const NotFound = lazy(() => import('./routes/not-found'));
// Inventory pages (the fleet with filters, four layouts), single-car layouts and the team.
const InventoryMapCards = lazy(() => import('./routes/inventory-map-cards'));
const InventoryMapRows = lazy(() => import('./routes/inventory-map-rows'));
const InventorySidebarRows = lazy(() => import('./routes/inventory-sidebar-rows'));
const InventorySidebarCards = lazy(() => import('./routes/inventory-sidebar-cards'));
const InventorySingleV1 = lazy(() => import('./routes/inventory-page-single-v1'));
const InventorySingleV2 = lazy(() => import('./routes/inventory-page-single-v2'));
const InventorySingleV3 = lazy(() => import('./routes/inventory-page-single-v3'));
const InventorySingleV5 = lazy(() => import('./routes/inventory-page-single-v5'));
const TeamList = lazy(() => import('./routes/team-list'));
const TeamSingle = lazy(() => import('./routes/team-single'));
const Pay = lazy(() => import('./routes/pay'));
const PaymentCallback = lazy(() => import('./routes/payment'));
// Information pages and the account area (SPEC §2 'Other pages').
const About = lazy(() => import('./routes/about'));
const Faq = lazy(() => import('./routes/faq'));
const Contact = lazy(() => import('./routes/contact'));
const Pricing = lazy(() => import('./routes/pricing'));
const Terms = lazy(() => import('./routes/terms'));
const Invoice = lazy(() => import('./routes/invoice'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const MyListings = lazy(() => import('./routes/my-listings'));
const AddListings = lazy(() => import('./routes/add-listings'));
const Favorite = lazy(() => import('./routes/favorite'));
const Saved = lazy(() => import('./routes/saved'));
const Messages = lazy(() => import('./routes/messages'));
const Profile = lazy(() => import('./routes/profile'));
// The staff console has its own chrome (side nav, no site footer) and decides access itself:
// visitors to sign in, renters to the not-found page (routes/admin.tsx).
const Admin = lazy(() => import('./routes/admin'));

/** SPEC §8: any 401 removes the stored token and sends the person to sign in. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((error) => {
      forceLogout(error.message);
      queryClient.removeQueries({ queryKey: ['bookings'] });
      if (window.location.pathname !== paths.login.path)
        navigate(paths.login.getHref(), { replace: true });
    });
  }, [navigate]);
  return null;
}

/** SPEC §2's route table. Access rules wrap the pages; everything else is open. */
export function AppRoutes() {
  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route element={<Layout />}>
          <Route path={paths.home.path} element={<Home />} />
          <Route
            path={paths.availableCars.path}
            element={
              <RequireAuth>
                <AvailableCars />
              </RequireAuth>
            }
          />
          <Route path={paths.carDetails.path} element={<CarDetails />} />
          <Route
            path={paths.bookingDetails.path}
            element={
              <RequireAuth>
                <BookingDetails />
              </RequireAuth>
            }
          />
          <Route
            path={paths.bookingHistory.path}
            element={
              <RequireAuth>
                <BookingHistory />
              </RequireAuth>
            }
          />
          <Route
            path={paths.booking.path}
            element={
              <RequireAuth>
                <BookingView />
              </RequireAuth>
            }
          />
          <Route
            path={paths.login.path}
            element={
              <RedirectIfSignedIn>
                <Login />
              </RedirectIfSignedIn>
            }
          />
          <Route path={paths.about.path} element={<About />} />
          <Route path={paths.faq.path} element={<Faq />} />
          <Route path={paths.contact.path} element={<Contact />} />
          <Route path={paths.pricing.path} element={<Pricing />} />
          <Route path={paths.terms.path} element={<Terms />} />
          <Route path={paths.invoice.path} element={<Invoice />} />
          {/* The account area is open as SPEC's table says, except /profile: a visitor has no
              profile to show, so it asks them to sign in. /favorite lives in this browser. */}
          <Route path={paths.dashboard.path} element={<Dashboard />} />
          <Route path={paths.myListings.path} element={<MyListings />} />
          <Route path={paths.addListings.path} element={<AddListings />} />
          <Route path={paths.favorite.path} element={<Favorite />} />
          <Route path={paths.saved.path} element={<Saved />} />
          <Route path={paths.messages.path} element={<Messages />} />
          <Route
            path={paths.profile.path}
            element={
              <RequireAuth>
                <Profile />
              </RequireAuth>
            }
          />
          <Route
            path={paths.sandboxPay.path}
            element={
              <RequireAuth>
                <Pay />
              </RequireAuth>
            }
          />
          <Route
            path={paths.paymentCallback.path}
            element={
              <RequireAuth>
                <PaymentCallback />
              </RequireAuth>
            }
          />
          <Route path={paths.inventoryMapCards.path} element={<InventoryMapCards />} />
          <Route path={paths.inventoryMapRows.path} element={<InventoryMapRows />} />
          <Route path={paths.inventorySidebarRows.path} element={<InventorySidebarRows />} />
          <Route path={paths.inventorySidebarCards.path} element={<InventorySidebarCards />} />
          <Route path={paths.inventorySingle.path} element={<InventorySingleV1 />} />
          <Route path={paths.inventorySingleV2.path} element={<InventorySingleV2 />} />
          <Route path={paths.inventorySingleV3.path} element={<InventorySingleV3 />} />
          <Route path={paths.inventorySingleV5.path} element={<InventorySingleV5 />} />
          <Route path={paths.teamList.path} element={<TeamList />} />
          <Route path={paths.teamSingle.path} element={<TeamSingle />} />
          <Route path={paths.notFound.path} element={<NotFound />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route
          path={`${paths.admin.path}/*`}
          element={
            <Suspense fallback={null}>
              <Admin />
            </Suspense>
          }
        />
      </Routes>
    </>
  );
}
