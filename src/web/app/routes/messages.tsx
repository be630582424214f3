import { AccountShell } from '../account-shell';
import { ConversationView } from '../../features/account/components/conversation-view';
import { usePageTitle } from '../../lib/use-page-title';

export default function MessagesPage() {
  usePageTitle('Messages');
  return (
    <AccountShell title="Messages" lead="Your conversation with the CarLink Ghana team.">
      <ConversationView />
    </AccountShell>
  );
}
