import { AccountShell } from '../account-shell';
import { MyListingsTable } from '../../features/account/components/my-listings-table';
import { usePageTitle } from '../../lib/use-page-title';

export default function MyListingsPage() {
  usePageTitle('My Listings');
  return (
    <AccountShell title="My Listings" lead="The cars you list for rent with CarLink Ghana." sample>
      <MyListingsTable />
    </AccountShell>
  );
}
