import { AccountShell } from '../account-shell';
import { SavedSearchesList } from '../../features/saved-searches/components/saved-searches-list';
import { usePageTitle } from '../../lib/use-page-title';

export default function SavedSearchPage() {
  usePageTitle('Saved Search');
  return (
    <AccountShell
      title="Saved Search"
      lead="Searches of the car list you keep, and a text when a car you want becomes free on your dates."
    >
      <SavedSearchesList />
    </AccountShell>
  );
}
