import { useEffect, useId, useState, type FormEvent } from 'react';
import { CONVERSATION_TEXT_MAX } from '../../../../shared/conversations';
import type { ConversationMessage } from '../../../../shared/schemas/conversations';
import type { InboxConversation } from '../../../../shared/schemas/conversations.staff';
import { formatDateTime, phone, telHref } from '../../../components/console/admin-labels';
import { errorMessage } from '../../../components/console/server-errors';
import { EmptyState, ErrorState, LoadingState } from '../../../components/console/states';
import { PrivateImage } from '../../../components/private-image';
import { adminPaths } from '../../../config/admin-paths';
import { ApiError } from '../../../lib/api-client';
import {
  useAssign,
  useAssignees,
  useCloseConversation,
  useInbox,
  useMarkRead,
  useReply,
  useStaffThread,
  type InboxFilters,
} from '../../../lib/console/conversations-api';
import { Link } from '../../../lib/router';
import { useCustomer } from '../api/console-api';
import { BookingRows } from './booking-rows';
import './conversation-inbox.css';

const hrefOf = (id: number | null, filters: InboxFilters) => {
  const params = new URLSearchParams();
  if (filters.status !== 'open') params.set('status', filters.status);
  if (filters.assigned !== 'anyone') params.set('assigned', filters.assigned);
  if (id !== null) params.set('c', String(id));
  const query = params.toString();
  return `${adminPaths.adminMessages.getHref()}${query ? `?${query}` : ''}`;
};

function InboxRow({
  conversation: c,
  selected,
  filters,
}: {
  conversation: InboxConversation;
  selected: boolean;
  filters: InboxFilters;
}) {
  return (
    <li className={c.unread ? 'convo-row is-unread' : 'convo-row'}>
      <Link
        to={hrefOf(c.id, filters)}
        aria-current={selected ? 'true' : undefined}
        className="convo-row-link"
      >
        <span className="convo-row-top">
          <span className="convo-row-name">{c.customer.name}</span>
          {c.unread > 0 && (
            <span className="panel-count is-alert">
              {c.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
          <time className="convo-row-time" dateTime={c.last_message.at}>
            {formatDateTime(c.last_message.at)}
          </time>
        </span>
        <span className="convo-row-excerpt">
          {c.last_message.author === 'staff' ? 'Staff: ' : ''}
          {c.last_message.excerpt}
        </span>
        <span className="convo-row-meta">
          {c.branch?.name ?? 'No branch yet'}
          {c.booking_code && ` · ${c.booking_code}`}
          {c.assigned_to && ` · ${c.assigned_to.name}`}
        </span>
      </Link>
    </li>
  );
}

function StaffMessage({ message, customer }: { message: ConversationMessage; customer: string }) {
  const fromStaff = message.author === 'staff';
  const who = fromStaff ? (message.staff_name ?? 'Staff') : customer;
  return (
    <li className={fromStaff ? 'convo-msg is-staff' : 'convo-msg'}>
      <p className="convo-msg-who">
        {who}
        {message.booking_code && (
          <>
            {' · '}
            <Link to={adminPaths.adminBooking.getHref(message.booking_code)}>
              {message.booking_code}
            </Link>
          </>
        )}
        {message.via === 'contact_form' && ' · contact form'}
      </p>
      {message.body && <p className="convo-msg-text">{message.body}</p>}
      {message.photos.length > 0 && (
        <div className="convo-msg-photos">
          {message.photos.map((photo, i) => (
            <PrivateImage
              key={photo.id}
              url={photo.url}
              alt={`Photo ${i + 1} of ${message.photos.length} from ${customer}`}
            />
          ))}
        </div>
      )}
      <time className="convo-msg-time" dateTime={message.created_at}>
        {formatDateTime(message.created_at)}
      </time>
    </li>
  );
}

function ReplyForm({ id }: { id: number }) {
  const fieldId = useId();
  const reply = useReply(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    if (!body.trim()) return setError('Write your reply.');
    setError(undefined);
    try {
      const answer = await reply.mutateAsync(body.trim());
      setBody('');
      setNotice(answer.message);
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.body?.[0] ?? e.message) : errorMessage(e));
    }
  };

  return (
    <form className="convo-reply" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>Reply</label>
      <textarea
        id={fieldId}
        className="input"
        rows={3}
        maxLength={CONVERSATION_TEXT_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error && (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      )}
      <div className="convo-reply-actions">
        <p role="status" className="convo-notice">
          {notice}
        </p>
        <button type="submit" className="btn btn-primary btn-sm" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}

function AssignControl({ conversation }: { conversation: InboxConversation }) {
  const id = useId();
  const assignees = useAssignees();
  const assign = useAssign(conversation.id);
  return (
    <div className="convo-assign">
      <label htmlFor={id}>Assigned to</label>
      <select
        id={id}
        className="input"
        value={conversation.assigned_to?.id ?? ''}
        disabled={assign.isPending || !assignees.data}
        onChange={(e) => assign.mutate(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Nobody</option>
        {assignees.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function CustomerBookings({ customerId }: { customerId: number }) {
  const customer = useCustomer(customerId, 1);
  return (
    <aside className="panel convo-bookings" aria-labelledby="convo-bookings-heading">
      <div className="panel-head">
        <h3 id="convo-bookings-heading">Customer's bookings</h3>
      </div>
      {customer.isPending ? (
        <LoadingState label="Loading bookings…" />
      ) : customer.isError ? (
        <p className="muted">Couldn't load the bookings.</p>
      ) : customer.data.bookings.length === 0 ? (
        <p className="muted">No bookings yet.</p>
      ) : (
        <>
          <BookingRows bookings={customer.data.bookings.slice(0, 5)} />
          <p>
            <Link to={adminPaths.adminCustomer.getHref(customerId)}>
              All of {customer.data.customer.name}'s bookings
            </Link>
          </p>
        </>
      )}
    </aside>
  );
}

function ThreadPanel({ id, filters }: { id: number; filters: InboxFilters }) {
  const thread = useStaffThread(id);
  const markRead = useMarkRead(id);
  const close = useCloseConversation(id);
  const conversation = thread.data?.pages[0]?.conversation;
  const unread = conversation?.unread ?? 0;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (unread > 0) markReadNow();
  }, [unread, markReadNow]);

  if (thread.isPending) return <LoadingState label="Loading the conversation…" />;
  if (thread.isError)
    return (
      <ErrorState
        title="Couldn't load the conversation"
        error={thread.error}
        onRetry={() => void thread.refetch()}
      />
    );
  if (!conversation) return <EmptyState title="No such conversation" />;
  const messages = thread.data.pages.flatMap((p) => p.messages).reverse();
  const c = conversation;
  return (
    <div className="convo-detail">
      <section className="panel convo-thread" aria-labelledby="convo-thread-heading">
        <p className="convo-back">
          <Link to={hrefOf(null, filters)}>← Back to the inbox</Link>
        </p>
        <header className="convo-thread-head">
          <div>
            <h2 id="convo-thread-heading">
              <Link to={adminPaths.adminCustomer.getHref(c.customer.id)}>{c.customer.name}</Link>
              {c.status === 'closed' && <span className="badge">Closed</span>}
            </h2>
            <p className="convo-thread-meta">
              <a href={telHref(c.customer.msisdn)}>{phone(c.customer.msisdn)}</a>
              {' · '}
              {c.branch?.name ?? 'No branch yet'}
            </p>
          </div>
          <div className="convo-thread-actions">
            <AssignControl conversation={c} />
            {c.status === 'open' && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={close.isPending}
                onClick={() => close.mutate()}
              >
                Close conversation
              </button>
            )}
          </div>
        </header>
        {thread.hasNextPage && (
          <p className="convo-more">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              Show earlier messages
            </button>
          </p>
        )}
        <ol className="convo-msgs" aria-label={`Messages with ${c.customer.name}`}>
          {messages.map((m) => (
            <StaffMessage key={m.id} message={m} customer={c.customer.name} />
          ))}
        </ol>
        <ReplyForm id={c.id} />
      </section>
      <CustomerBookings customerId={c.customer.id} />
    </div>
  );
}

/**
 * Renters' conversations in the console (CONV-8 to CONV-11): the inbox (unread first, at the
 * staff member's branches), and beside it the chosen thread with the customer's bookings.
 * On a phone one at a time: the thread replaces the list.
 */
export function ConversationInbox({
  filters,
  selectedId,
  onFilters,
}: {
  filters: InboxFilters;
  selectedId: number | null;
  onFilters: (filters: InboxFilters) => void;
}) {
  const inbox = useInbox(filters);
  const statusId = useId();
  const assignedId = useId();
  const rows = inbox.data?.pages.flatMap((p) => p.conversations) ?? [];

  return (
    <div className={selectedId ? 'convo-layout has-selection' : 'convo-layout'}>
      <section className="convo-list-pane" aria-label="Inbox">
        <div className="convo-filters">
          <div>
            <label htmlFor={statusId}>Show</label>
            <select
              id={statusId}
              className="input"
              value={filters.status}
              onChange={(e) =>
                onFilters({ ...filters, status: e.target.value as InboxFilters['status'] })
              }
            >
              <option value="open">Open</option>
              <option value="closed">Closed</option>
            </select>
          </div>
          <div>
            <label htmlFor={assignedId}>Assigned</label>
            <select
              id={assignedId}
              className="input"
              value={filters.assigned}
              onChange={(e) =>
                onFilters({ ...filters, assigned: e.target.value as InboxFilters['assigned'] })
              }
            >
              <option value="anyone">To anyone</option>
              <option value="me">To me</option>
              <option value="nobody">To nobody</option>
            </select>
          </div>
        </div>
        {inbox.isPending ? (
          <LoadingState label="Loading conversations…" />
        ) : inbox.isError ? (
          <ErrorState
            title="Couldn't load the conversations"
            error={inbox.error}
            onRetry={() => void inbox.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState title="No conversations here">
            <p className="muted">Messages renters write from their Messages page appear here.</p>
          </EmptyState>
        ) : (
          <>
            <ul className="convo-list" aria-label="Conversations">
              {rows.map((c) => (
                <InboxRow
                  key={c.id}
                  conversation={c}
                  selected={c.id === selectedId}
                  filters={filters}
                />
              ))}
            </ul>
            {inbox.hasNextPage && (
              <p className="convo-more">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={inbox.isFetchingNextPage}
                  onClick={() => void inbox.fetchNextPage()}
                >
                  {inbox.isFetchingNextPage ? 'Loading…' : 'More conversations'}
                </button>
              </p>
            )}
          </>
        )}
      </section>
      {selectedId !== null ? (
        <ThreadPanel key={selectedId} id={selectedId} filters={filters} />
      ) : (
        <p className="convo-placeholder muted">Choose a conversation to read and answer it.</p>
      )}
    </div>
  );
}
