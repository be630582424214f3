import { AccountShell } from '../account-shell';
import { MessagesView } from '../../features/account/components/messages-view';
import { usePageTitle } from '../../lib/use-page-title';

export default function MessagesPage() {
  usePageTitle('Messages');
  return (
    <AccountShell title="Messages" lead="Conversations with renters about your listed cars." sample>
      <MessagesView />
    </AccountShell>
  );
}
