import { useStaffCan } from '../../../lib/console/use-staff-can';
import { Link, useSearchParams } from '../../../lib/router';
import type { AdminContactMessage } from '../../../../shared/schemas/inbox.staff';
import { usePageTitle } from '../../../lib/use-page-title';
import { useContactMessages } from '../../../lib/console/console-queries';
import { useMarkMessageRead, useNewsletterSignups } from '../api/console-api';
import { MailIcon } from '../../../components/console/admin-icons';
import { formatDateTime, plural } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { DataTable } from '../../../components/console/data-table';
import { ListFooter } from '../../../components/console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import './messages.css';
import { adminPaths } from '../../../config/admin-paths';
import { ConversationInbox } from '../components/conversation-inbox';
import { useInboxUnread, type InboxFilters } from '../../../lib/console/conversations-api';

type Tab = 'conversations' | 'contact' | 'newsletter';

/**
 * An email address that may break before its '@' on a phone, not mid-word
 * ('abena.mensah' over '@example.com', never 'example.co' over 'm').
 */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

function MessageCard({ message }: { message: AdminContactMessage }) {
  const markRead = useMarkMessageRead();
  const unread = message.read_at === null;
  const name = `${message.first_name} ${message.last_name}`;
  return (
    <li className={unread ? 'inbox-item is-unread' : 'inbox-item'}>
      <article aria-labelledby={`message-${message.id}`}>
        <header className="inbox-head">
          <div>
            <h3 id={`message-${message.id}`} className="inbox-from">
              {name}
              {unread && <span className="badge badge-amber">New</span>}
            </h3>
            <p className="inbox-meta">
              <a href={`mailto:${message.email}`}>
                <EmailAddress address={message.email} />
              </a>{' '}
              ·{' '}
              <a href={`tel:${message.phone.replace(/[^\d+]/g, '')}`} className="nowrap">
                {message.phone}
              </a>
            </p>
          </div>
          <time className="inbox-time" dateTime={message.created_at}>
            {formatDateTime(message.created_at)}
          </time>
        </header>
        <p className="inbox-text">{message.message}</p>
        <footer className="inbox-foot">
          {message.user_id !== null && (
            <Link
              to={adminPaths.adminCustomer.getHref(message.user_id)}
              className="btn btn-ghost btn-sm"
            >
              Customer's bookings
            </Link>
          )}
          <a
            href={`mailto:${message.email}?subject=${encodeURIComponent('Your message to CarLink Ghana')}`}
            className="btn btn-outline btn-sm"
          >
            <MailIcon size={16} />
            Reply
          </a>
          {unread && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(message.id)}
              aria-label={`Mark as read: the message from ${name}`}
            >
              Mark as read
            </button>
          )}
        </footer>
      </article>
    </li>
  );
}

function ContactMessages({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const list = useContactMessages(page);
  if (list.isPending) return <LoadingState label="Loading messages…" />;
  if (list.isError)
    return (
      <ErrorState
        title="Couldn't load the messages"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  const data = list.data;
  if (data.total === 0)
    return (
      <EmptyState title="No messages yet">
        {<p className="muted">Messages sent from the contact page appear here.</p>}
      </EmptyState>
    );
  return (
    <>
      <ul
        className={list.isPlaceholderData ? 'inbox-list data-stale' : 'inbox-list'}
        aria-label="Contact messages"
      >
        {data.messages.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </ul>
      <ListFooter
        page={data.page}
        limit={data.limit}
        total={data.total}
        lastPage={data.last_page}
        noun="messages"
        onPage={onPage}
      />
    </>
  );
}

function NewsletterSignups({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const list = useNewsletterSignups(page);
  if (list.isPending) return <LoadingState label="Loading sign-ups…" />;
  if (list.isError)
    return (
      <ErrorState
        title="Couldn't load the sign-ups"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  const data = list.data;
  if (data.total === 0) return <EmptyState title="No sign-ups yet" />;
  return (
    <>
      <DataTable
        caption="Newsletter sign-ups"
        rows={data.subscriptions}
        rowKey={(s) => s.id}
        stale={list.isPlaceholderData}
        columns={[
          {
            key: 'email',
            header: 'Email',
            card: 'title',
            cell: (s) => (
              <a href={`mailto:${s.email}`}>
                <EmailAddress address={s.email} />
              </a>
            ),
          },
          { key: 'date', header: 'Signed up', cell: (s) => formatDateTime(s.created_at) },
        ]}
      />
      <ListFooter
        page={data.page}
        limit={data.limit}
        total={data.total}
        lastPage={data.last_page}
        noun="sign-ups"
        onPage={onPage}
      />
    </>
  );
}

export function MessagesPage() {
  usePageTitle('Messages · Staff');
  const [params, setParams] = useSearchParams();
  // Newsletter sign-ups are the managers' (ROLE-3): an agent has the contact form only.
  const newsletter = useStaffCan()('GET /api/admin/messages/newsletter');
  const asked = params.get('tab');
  // CONV-8: renters' conversations first; visitors' contact messages and sign-ups beside.
  const tab: Tab =
    asked === 'newsletter' && newsletter
      ? 'newsletter'
      : asked === 'contact'
        ? 'contact'
        : 'conversations';
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Only the first page's unread count is needed for the tab; it is cached with the list.
  const contact = useContactMessages(tab === 'contact' ? page : 1);
  const unread = contact.data?.unread ?? 0;
  const conversationsUnread = useInboxUnread();
  const filters: InboxFilters = {
    status: params.get('status') === 'closed' ? 'closed' : 'open',
    assigned:
      params.get('assigned') === 'me' || params.get('assigned') === 'nobody'
        ? (params.get('assigned') as InboxFilters['assigned'])
        : 'anyone',
  };
  const selected = Number(params.get('c')) || null;
  const onPage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next > 1) updated.set('page', String(next));
    else updated.delete('page');
    setParams(updated);
    window.scrollTo({ top: 0 });
  };
  const onFilters = (next: InboxFilters) => {
    const updated = new URLSearchParams();
    if (next.status !== 'open') updated.set('status', next.status);
    if (next.assigned !== 'anyone') updated.set('assigned', next.assigned);
    setParams(updated);
  };
  const total = unread + conversationsUnread;

  return (
    <>
      <AdminPageHeader
        title="Messages"
        lead={
          total
            ? `${plural(total, 'unread message')}`
            : 'From renters, the contact page and the newsletter form'
        }
      />
      <nav className="segmented" aria-label="Kinds of message">
        <Link
          to={adminPaths.adminMessages.getHref()}
          aria-current={tab === 'conversations' ? 'page' : undefined}
        >
          Renters
          {conversationsUnread > 0 && (
            <span className="panel-count is-alert">{conversationsUnread}</span>
          )}
        </Link>
        <Link
          to={`${adminPaths.adminMessages.getHref()}?tab=contact`}
          aria-current={tab === 'contact' ? 'page' : undefined}
        >
          Contact form
          {unread > 0 && <span className="panel-count is-alert">{unread}</span>}
        </Link>
        {newsletter && (
          <Link
            to={`${adminPaths.adminMessages.getHref()}?tab=newsletter`}
            aria-current={tab === 'newsletter' ? 'page' : undefined}
          >
            Newsletter
          </Link>
        )}
      </nav>
      {tab === 'conversations' ? (
        <ConversationInbox filters={filters} selectedId={selected} onFilters={onFilters} />
      ) : tab === 'contact' ? (
        <ContactMessages page={page} onPage={onPage} />
      ) : (
        <NewsletterSignups page={page} onPage={onPage} />
      )}
    </>
  );
}
