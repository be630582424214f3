import { Link } from '../../lib/router';
import { STAFF_RECIPIENT } from '../../../shared/constants';
import type { SmsLogEntry } from '../../../shared/schemas/sms-log';
import { adminPaths } from '../../config/admin-paths';
import { useBookingSms, useCustomerSms, useResendSms } from '../../lib/console/sms-api';
import { formatDateTime, phone } from './admin-labels';
import './sms-log.css';

const KIND_LABELS: Record<string, string> = {
  code: 'Code',
  booking_received: 'Booking received',
  booking_confirmed: 'Payment confirmed',
  payment_received: 'Cash received',
  payment_failed: 'Payment failed',
  hold_expired: 'Hold expired',
  booking_cancelled: 'Cancelled',
  refund_completed: 'Refund completed',
  booking_completed: 'Returned',
  pickup_reminder: 'Pickup reminder',
  return_reminder: 'Return reminder',
  booking_changed: 'Change confirmed',
  staff_new_booking: 'Staff alert',
  staff_booking_prompt: 'Booked by staff: approve the prompt',
  staff_booking_account: 'New account: how to sign in',
  staff_no_show: 'Staff alert: no-show',
  document_verified: 'Document verified',
  document_rejected: 'Document rejected',
  password_changed: 'Password changed',
  code_budget_alert: 'Staff alert: code budget spent',
};
export const smsKindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

const STATUS: Record<SmsLogEntry['status'], { label: string; tone: string }> = {
  queued: { label: 'Queued', tone: 'grey' },
  sending: { label: 'Sending', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  cancelled: { label: 'Dropped', tone: 'grey' },
};

/** A staff alert not yet sent is addressed to the staff as a whole (MSG-5). */
const recipient = (to: string) => (to === STAFF_RECIPIENT ? 'every staff account' : phone(to));

/** When it went, or when it will go. */
function when(m: SmsLogEntry) {
  if (m.delivered_at) return `Delivered ${formatDateTime(m.delivered_at)}`;
  if (m.sent_at) return `Sent ${formatDateTime(m.sent_at)}`;
  if (m.status === 'queued') return `Due ${formatDateTime(m.due_at)}`;
  return formatDateTime(m.created_at);
}

export function SmsList({
  messages,
  showBooking = false,
  empty = 'No text messages yet.',
}: {
  messages: SmsLogEntry[];
  showBooking?: boolean;
  /** What an empty list says: a list of failed texts is not the whole log. */
  empty?: string;
}) {
  const resend = useResendSms();
  if (!messages.length) return <p className="panel-empty">{empty}</p>;
  return (
    <ol className="sms-log">
      {messages.map((m) => {
        const status = STATUS[m.status];
        return (
          <li key={m.id} className="sms-log-item">
            <p className="sms-log-head">
              <span className={`badge badge-outline badge-${status.tone}`}>{status.label}</span>
              <strong>{smsKindLabel(m.kind)}</strong>
              <span className="muted">
                to <span className="nowrap">{recipient(m.to)}</span> · {when(m)}
                {m.attempts > 1 && ` · ${m.attempts} tries`}
              </span>
              {showBooking && m.booking_code && (
                <Link to={adminPaths.adminBooking.getHref(m.booking_code)} className="mono">
                  {m.booking_code}
                </Link>
              )}
            </p>
            <p className="sms-log-text">
              {m.kind === 'code' ? <em className="muted">Code not kept</em> : m.body}
            </p>
            {m.last_error && m.status !== 'sent' && m.status !== 'delivered' && (
              <p className="sms-log-error">{m.last_error}</p>
            )}
            {m.can_resend && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={resend.isPending}
                onClick={() => resend.mutate(m.id)}
                aria-label={`Resend: ${smsKindLabel(m.kind)} to ${recipient(m.to)}`}
              >
                Resend
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function SmsPanel({ query }: { query: ReturnType<typeof useBookingSms> }) {
  return (
    <section className="panel" aria-labelledby="sms-log-heading">
      <div className="panel-head">
        <h2 id="sms-log-heading">SMS log</h2>
      </div>
      {query.isPending ? (
        <p className="panel-empty">Loading…</p>
      ) : query.isError ? (
        <p className="panel-empty" role="alert">
          Couldn't load the messages: {query.error.message}
        </p>
      ) : (
        <SmsList messages={query.data.messages} />
      )}
    </section>
  );
}

/** A booking's text messages, rendered by the booking page. */
export function BookingSmsLog({ code }: { code: string }) {
  return <SmsPanel query={useBookingSms(code)} />;
}

/** A customer's text messages, rendered by the customer page. */
export function CustomerSmsLog({ id }: { id: number }) {
  return <SmsPanel query={useCustomerSms(id)} />;
}
