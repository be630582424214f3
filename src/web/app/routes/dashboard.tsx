import { AccountShell } from '../account-shell';
import {
  NotificationsList,
  PageViewsChart,
  StatTiles,
} from '../../features/account/components/dashboard-overview';
import { renderingOnServer } from '../../lib/first-paint';
import { useWishlist } from '../../lib/wishlist';
import { usePageTitle } from '../../lib/use-page-title';

/** Dashboard (PAGE-11): four tiles, the page-views graph and notifications; sample figures. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const saved = useWishlist().length;
  // The first paint comes from the server, which cannot see this browser's saved cars.
  const favorites = renderingOnServer ? null : saved;
  return (
    <AccountShell title="Dashboard" lead="Your listings, searches and messages at a glance." sample>
      <StatTiles favorites={favorites} />
      <div className="dashboard-columns">
        <PageViewsChart />
        <NotificationsList />
      </div>
    </AccountShell>
  );
}
