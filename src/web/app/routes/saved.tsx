import { AccountShell } from '../account-shell';
import { SavedSearchesTable } from '../../features/account/components/saved-searches';
import { usePageTitle } from '../../lib/use-page-title';

export default function SavedSearchPage() {
  usePageTitle('Saved Search');
  return (
    <AccountShell
      title="Saved Search"
      lead="Searches you keep an eye on, and how often we tell you about new cars."
      sample
    >
      <SavedSearchesTable />
    </AccountShell>
  );
}
