import { Link } from '../../lib/router';
import { AccountShell } from '../account-shell';
import { paths } from '../../config/paths';
import { StatTiles } from '../../features/account/components/dashboard-tiles';
import {
  FavouritesPanel,
  OwedPanel,
  PastTripsPanel,
  TripPanel,
} from '../../features/account/components/dashboard-overview';
import { useDashboard } from '../../features/account/api/dashboard';
import { Spinner } from '../../components/spinner';
import { isSessionValid, useSession } from '../../lib/session-store';
import { useWishlist } from '../../lib/wishlist';
import { usePageTitle } from '../../lib/use-page-title';
import { renderingOnServer } from '../../lib/first-paint';

/** A visitor's dashboard: what signing in gives, and the cars this browser has saved. */
function VisitorDashboard() {
  const saved = useWishlist().length;
  return (
    <section className="card account-panel center-state" aria-labelledby="visitor-title">
      <h2 id="visitor-title">Sign in to see your trips</h2>
      <p className="muted">
        Your next pickup and its countdown, what you owe, your past trips and your favourites on
        every device.
        {saved > 0 &&
          ` You have ${saved} ${saved === 1 ? 'car' : 'cars'} saved in this browser: they join your account when you sign in.`}
      </p>
      <div className="account-actions">
        <Link to={paths.login.getHref()} className="btn btn-primary">
          Sign in
        </Link>
        <Link to={paths.login.getHref('register')} className="btn btn-outline">
          Register
        </Link>
      </div>
    </section>
  );
}

/** Blank tiles while the figures are on their way (never zeros standing in for them). */
function DashboardLoading() {
  return (
    <>
      <StatTiles figures={null} />
      <div className="center-state">
        <Spinner label="Loading your dashboard…" />
      </div>
    </>
  );
}

/** The signed-in renter's own dashboard (AREA-1 to AREA-4), from one request. */
function RenterDashboard() {
  const dashboard = useDashboard(true);
  if (dashboard.isError) {
    return (
      <>
        <StatTiles figures={null} />
        <div className="alert alert-error" role="alert">
          Couldn't load your dashboard: {dashboard.error.message}{' '}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void dashboard.refetch()}
          >
            Try again
          </button>
        </div>
      </>
    );
  }
  if (dashboard.isPending) return <DashboardLoading />;
  const data = dashboard.data;
  return (
    <>
      <StatTiles figures={data.figures} />
      <div className="dashboard-columns">
        <TripPanel trip={data.trip} documents={data.documents} />
        <OwedPanel owed={data.owed} />
        <PastTripsPanel trips={data.past_trips} />
        <FavouritesPanel cars={data.favourites} total={data.figures.favourites} />
      </div>
    </>
  );
}

/**
 * Dashboard (PAGE-11, AREA-1): the first version's tiles with the renter's real figures, their trip, what
 * they owe, past trips and favourites. The partner owners' 'Car Page Views' graph is not a
 * renter's. Open to visitors (ROUTE-3), who are asked to sign in.
 */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const signedIn = isSessionValid(useSession());
  return (
    <AccountShell title="Dashboard" lead="Your trips, payments and favourites at a glance.">
      {/* The first paint is built without knowing who will look (PAGE-17): it only loads. */}
      {renderingOnServer ? (
        <DashboardLoading />
      ) : signedIn ? (
        <RenterDashboard />
      ) : (
        <VisitorDashboard />
      )}
    </AccountShell>
  );
}
