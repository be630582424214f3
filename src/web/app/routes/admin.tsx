import { staffCan, type StaffRoute } from '../../../shared/staff-permissions';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, type ComponentType } from 'react';
import { Route, Routes, useNavigate } from '../../lib/router';
import { Layout } from '../../components/layout/layout';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { checkSession, logout } from '../../lib/session-store';
import { useSignedInUserQuery } from '../../lib/signed-in-user-query';
import { AdminShell } from '../../components/console/admin-shell';
import NotFound from './not-found';
import { adminPaths } from '../../config/admin-paths';

// Each console page is its own chunk, fetched only once a staff member opens it.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const DashboardPage = page(
  () => import('../../features/console/pages/dashboard-page'),
  'DashboardPage',
);
const CarsPage = page(() => import('../../features/fleet/pages/cars-page'), 'CarsPage');
const CarEditPage = page(() => import('../../features/fleet/pages/car-edit-page'), 'CarEditPage');
const BranchesPage = page(() => import('../../features/fleet/pages/branches-page'), 'BranchesPage');
const BranchEditPage = page(
  () => import('../../features/fleet/pages/branch-edit-page'),
  'BranchEditPage',
);
const PricesPage = page(() => import('../../features/fleet/pages/prices-page'), 'PricesPage');
const BookingsPage = page(
  () => import('../../features/staff-bookings/pages/bookings-page'),
  'BookingsPage',
);
const BookingPage = page(
  () => import('../../features/staff-bookings/pages/booking-page'),
  'BookingPage',
);
const NewBookingPage = page(
  () => import('../../features/staff-bookings/pages/new-booking-page'),
  'NewBookingPage',
);
const CustomersPage = page(
  () => import('../../features/console/pages/customers-page'),
  'CustomersPage',
);
const CustomerPage = page(
  () => import('../../features/console/pages/customer-page'),
  'CustomerPage',
);
const MessagesPage = page(
  () => import('../../features/console/pages/messages-page'),
  'MessagesPage',
);
const SmsFailedPage = page(
  () => import('../../features/console/pages/sms-failed-page'),
  'SmsFailedPage',
);

const DocumentsPage = page(
  () => import('../../features/console/pages/documents-page'),
  'DocumentsPage',
);
const PickupPage = page(() => import('../../features/handover/pages/pickup-page'), 'PickupPage');
const ReturnPage = page(() => import('../../features/handover/pages/return-page'), 'ReturnPage');
const HandoverReceiptPage = page(
  () => import('../../features/handover/pages/receipt-page'),
  'HandoverReceiptPage',
);
const ReviewsPage = page(() => import('../../features/console/pages/reviews-page'), 'ReviewsPage');
const StaffPage = page(() => import('../../features/staff-accounts/pages/staff-page'), 'StaffPage');
const TaxesPage = page(() => import('../../features/taxes/pages/taxes-page'), 'TaxesPage');
const AuditPage = page(() => import('../../features/console/pages/audit-page'), 'AuditPage');
const SecurityPage = page(
  () => import('../../features/console/pages/security-page'),
  'SecurityPage',
);

const SESSION_CHECK_INTERVAL_MS = 30_000;

/** Paths inside the console, relative to /admin (these <Routes> sit under '/admin/*'). */
const inside = (path: string) => path.slice(paths.admin.path.length + 1);

function StaffConsole() {
  const { data: user, isPending, isError, error, refetch } = useSignedInUserQuery();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onNavigate = useCallback(() => void checkSession(), []);

  // The same 60-minute session rule as the site's layout: checked on a timer as well.
  useEffect(() => {
    const timer = window.setInterval(() => checkSession(), SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Who is signed in is on the way from the server (RequireAuth has checked the session).
  if (isPending) {
    return (
      <div className="center-state">
        <Spinner label="Loading page…" />
      </div>
    );
  }
  // Their details could not be fetched (a 401 has signed them out already): most often the
  // network. Telling a staff member the console does not exist would send them away.
  if (isError && !user) {
    return (
      <div className="center-state" role="alert">
        <h2>Couldn't load the console</h2>
        <p className="muted">{error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // ROUTE-4: the console is for staff only; to anyone else it does not exist.
  if (user?.role !== 'staff') {
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    );
  }

  const can = (route: StaffRoute) => staffCan(user.staff_role, route);
  const signOut = async () => {
    await logout();
    queryClient.removeQueries({ queryKey: ['admin'] });
    navigate(paths.home.getHref());
  };

  return (
    <AdminShell user={user} onSignOut={() => void signOut()} onNavigate={onNavigate}>
      <Suspense
        fallback={
          <div className="center-state">
            <Spinner label="Loading page…" />
          </div>
        }
      >
        <Routes>
          <Route index element={<DashboardPage />} />
          <Route path={inside(adminPaths.adminCars.path)} element={<CarsPage />} />
          <Route path={inside(adminPaths.adminCarNew.path)} element={<CarEditPage />} />
          <Route path={inside(adminPaths.adminCar.path)} element={<CarEditPage />} />
          <Route path={inside(adminPaths.adminBranches.path)} element={<BranchesPage />} />
          <Route path={inside(adminPaths.adminBranchNew.path)} element={<BranchEditPage />} />
          <Route path={inside(adminPaths.adminBranch.path)} element={<BranchEditPage />} />
          {/* A section the role may not use does not exist for it (ROLE-8). */}
          {can('GET /api/admin/extra-prices') && (
            <Route path={inside(adminPaths.adminPrices.path)} element={<PricesPage />} />
          )}
          <Route path={inside(adminPaths.adminBookings.path)} element={<BookingsPage />} />
          <Route path={inside(adminPaths.adminBookingNew.path)} element={<NewBookingPage />} />
          <Route path={inside(adminPaths.adminBooking.path)} element={<BookingPage />} />
          <Route path={inside(adminPaths.adminPickup.path)} element={<PickupPage />} />
          <Route path={inside(adminPaths.adminReturn.path)} element={<ReturnPage />} />
          <Route path={inside(adminPaths.adminHandover.path)} element={<HandoverReceiptPage />} />
          <Route path={inside(adminPaths.adminCustomers.path)} element={<CustomersPage />} />
          <Route path={inside(adminPaths.adminCustomer.path)} element={<CustomerPage />} />
          <Route path={inside(adminPaths.adminMessages.path)} element={<MessagesPage />} />
          {can('GET /api/admin/sms/failed') && (
            <Route path={inside(adminPaths.adminSms.path)} element={<SmsFailedPage />} />
          )}
          <Route path={inside(adminPaths.adminDocuments.path)} element={<DocumentsPage />} />
          {can('GET /api/admin/reviews') && (
            <Route path={inside(adminPaths.adminReviews.path)} element={<ReviewsPage />} />
          )}
          {can('GET /api/admin/audit') && (
            <Route path={inside(adminPaths.adminAudit.path)} element={<AuditPage />} />
          )}
          {/* Staff accounts are the owner's (STAFF-43). */}
          {can('GET /api/admin/staff') && (
            <Route path={inside(adminPaths.adminStaff.path)} element={<StaffPage />} />
          )}
          {/* The company's TIN and taxes are the owner's (STAFF-45). */}
          {can('GET /api/admin/tax-settings') && (
            <Route path={inside(adminPaths.adminTaxes.path)} element={<TaxesPage />} />
          )}
          <Route path={inside(adminPaths.adminSecurity.path)} element={<SecurityPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}

/** The staff console at /admin (ROUTE-4, STAFF-1). Visitors sign in first and come back here. */
export default function AdminRoute() {
  return (
    <RequireAuth>
      <StaffConsole />
    </RequireAuth>
  );
}
