import { useStaffCan } from '../../../lib/console/use-staff-can';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { destinationTypeLabel } from '../../../lib/destination-label';
import { Link, useParams } from '../../../lib/router';
import { daysBetween, formatDate } from '../../../../shared/dates';
import type {
  AdminBookingAction,
  AdminBookingDetail,
  AdminBookingEvent,
} from '../../../../shared/schemas/bookings.staff';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminBooking, useBookingAction } from '../../../lib/console/console-queries';
import { useRefundAction } from '../api/bookings-api';
import {
  AlertIcon,
  CancelIcon,
  CashIcon,
  PickupIcon,
  ReturnIcon,
} from '../../../components/console/admin-icons';
import {
  ACTION_LABELS,
  actorLabel,
  cedis,
  flagLabel,
  eventLabel,
  formatDateRange,
  formatDateTime,
  phone,
  plural,
  telHref,
} from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { FlagBadge, PaymentBadge, StatusBadge } from '../../../components/booking-badges';
import { STAFF_PAYMENT_METHOD_LABELS } from '../../../lib/booking-labels';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { errorMessage } from '../../../components/console/server-errors';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './booking.css';
import { adminPaths } from '../../../config/admin-paths';
import { paths } from '../../../config/paths';
import { BookingSmsLog } from '../../../components/console/sms-log';
import { describeChange, StaffBookingActions } from '../components/staff-booking-actions';
import { mayPromptAgain, PromptAgain } from '../components/prompt-again';

/** A mobile money hold whose time ran out, before the server's sweep writes it (BOOK-7). */
const holdOver = (b: AdminBookingDetail) =>
  b.hold_expires_at !== null && Date.parse(b.hold_expires_at) <= Date.now();

const back = { to: adminPaths.adminBookings.getHref(), label: 'Bookings' };
// Cancel is with staff's change and extend (StaffBookingActions): it needs a reason (STAFF-21).
const ACTION_ORDER: AdminBookingAction[] = ['record_cash', 'pick_up', 'return'];
const ACTION_ICONS: Record<AdminBookingAction, ReactNode> = {
  record_cash: <CashIcon size={18} />,
  pick_up: <PickupIcon size={18} />,
  return: <ReturnIcon size={18} />,
  cancel: <CancelIcon size={18} />,
};

/** What each action will do, in the words of the desk, before staff confirm it. */
function actionText(
  action: AdminBookingAction,
  b: AdminBookingDetail,
): { title: string; body: ReactNode; confirm: string } {
  switch (action) {
    case 'record_cash':
      return {
        title: 'Record the cash payment?',
        confirm: `Record ${cedis(b.total_cost)} cash`,
        body: (
          <p>
            You have received <strong>{cedis(b.total_cost)}</strong> in cash from {b.renter.name}{' '}
            (the lines of the cost, the {cedis(b.deposit)} deposit included). The booking will show
            as paid.
          </p>
        ),
      };
    case 'pick_up':
      return {
        title: 'Hand over the car?',
        confirm: 'Mark picked up',
        body: (
          <p>
            {b.renter.name} is taking the {b.car.title} today, due back at {b.branch.name} on{' '}
            <strong>
              {formatDate(b.end_date)} at {b.return_time}
            </strong>
            . Check their ID and driving licence first.
          </p>
        ),
      };
    case 'return':
      return {
        title: 'Is the car back?',
        confirm: 'Mark returned',
        body: (
          <p>
            The {b.car.title} is back from {b.renter.name}. The booking will be completed. Return
            the {cedis(b.deposit)} deposit once you have checked the car.
          </p>
        ),
      };
    case 'cancel':
      return {
        title: `Cancel booking ${b.booking_code}?`,
        confirm: b.payment_status === 'paid' ? 'Cancel and refund' : 'Cancel booking',
        body:
          b.payment_status === 'paid' ? (
            <p>
              The renter has paid <strong>{cedis(b.total_cost)}</strong>; it will be refunded. The
              dates {formatDateRange(b.start_date, b.end_date)} become free for others to book. This
              cannot be undone.
            </p>
          ) : (
            <p>
              Nothing has been paid. The dates {formatDateRange(b.start_date, b.end_date)} become
              free for others to book. This cannot be undone.
            </p>
          ),
      };
  }
}

function Actions({ booking }: { booking: AdminBookingDetail }) {
  const act = useBookingAction(booking.booking_code);
  // The dialog keeps its last action while it closes, so its words do not vanish mid-close.
  const [dialog, setDialog] = useState<{ action: AdminBookingAction; open: boolean } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  // A prompt sent again speaks of the hold: it goes once the booking is no longer held.
  const [promptSent, setPromptSent] = useState(false);
  const held = booking.status === 'pending' && booking.payment_status === 'pending';
  const shown = promptSent && !held ? null : result;
  const resultRef = useRef<HTMLParagraphElement>(null);
  const allowed = ACTION_ORDER.filter((a) => booking.allowed_actions.includes(a));
  const text = dialog ? actionText(dialog.action, booking) : null;

  // The button that was pressed is usually gone after the action: the result takes the focus.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  return (
    <section className="panel booking-actions" aria-labelledby="actions-heading">
      <div className="panel-head">
        <h2 id="actions-heading">Next steps</h2>
      </div>
      <div className="panel-body">
        {shown && (
          <p className="alert alert-success" role="status" tabIndex={-1} ref={resultRef}>
            {shown}
          </p>
        )}
        {mayPromptAgain(booking) ? (
          <PromptAgain
            booking={booking}
            onSent={(message) => {
              act.reset();
              setPromptSent(true);
              setResult(message);
            }}
          />
        ) : allowed.length === 0 ? (
          <p className="muted no-actions">
            {booking.status === 'completed' || booking.status === 'cancelled'
              ? `This booking is ${booking.status}: nothing more to do.`
              : booking.status === 'pending' && booking.payment_method === 'mobile_money'
                ? holdOver(booking)
                  ? 'The hold has ended: the dates are being released.'
                  : 'Waiting for the customer to approve the mobile money prompt.'
                : booking.status !== 'active'
                  ? `The car can be handed over from ${formatDate(booking.start_date)}.`
                  : 'Nothing to do right now.'}
          </p>
        ) : (
          <div className="action-buttons">
            {allowed.map((action) =>
              // Pickup and return are records with their own forms (HAND-1, HAND-5).
              action === 'pick_up' || action === 'return' ? (
                <Link
                  key={action}
                  className="btn btn-primary"
                  to={(action === 'pick_up'
                    ? adminPaths.adminPickup
                    : adminPaths.adminReturn
                  ).getHref(booking.booking_code)}
                >
                  {ACTION_ICONS[action]}
                  {action === 'pick_up' ? 'Hand over the car' : 'Take the car back'}
                </Link>
              ) : (
                <button
                  key={action}
                  type="button"
                  className={action === 'cancel' ? 'btn btn-outline-danger' : 'btn btn-primary'}
                  onClick={() => {
                    act.reset();
                    setPromptSent(false);
                    setResult(null);
                    setDialog({ action, open: true });
                  }}
                >
                  {ACTION_ICONS[action]}
                  {action === 'cancel' && booking.payment_status === 'paid'
                    ? 'Cancel and refund'
                    : ACTION_LABELS[action]}
                </button>
              ),
            )}
          </div>
        )}
        <StaffBookingActions booking={booking} />
        {(booking.status === 'active' || booking.status === 'completed') && (
          <p className="handover-link">
            <Link to={adminPaths.adminHandover.getHref(booking.booking_code)}>
              Handover receipt (pickup, return, deposit)
            </Link>
          </p>
        )}
      </div>
      {dialog && text && (
        <ConfirmDialog
          open={dialog.open}
          title={text.title}
          confirmLabel={text.confirm}
          tone={dialog.action === 'cancel' ? 'danger' : 'primary'}
          pending={act.isPending}
          error={act.isError ? errorMessage(act.error) : null}
          withNote
          onClose={() => setDialog({ ...dialog, open: false })}
          onConfirm={(note) =>
            act.mutate(
              { action: dialog.action, note },
              {
                onSuccess: (data) => {
                  setDialog({ ...dialog, open: false });
                  setPromptSent(false);
                  setResult(data.message);
                },
              },
            )
          }
        >
          {text.body}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What the renter added to the car: the desk prepares a driver, a seat or a delivery. */
function extrasOf(b: AdminBookingDetail): ReactNode {
  const extras = [
    b.chauffeur && 'Chauffeur',
    b.child_seat && 'Child seat',
    b.delivery_address && `Delivery to ${b.delivery_address}`,
  ].filter(Boolean);
  return extras.length ? extras.join(' · ') : <span className="muted">None</span>;
}

function Facts({ booking: b }: { booking: AdminBookingDetail }) {
  const days = daysBetween(b.start_date, b.end_date) + 1;
  return (
    <section className="panel" aria-labelledby="facts-heading">
      <div className="panel-head">
        <h2 id="facts-heading">Booking</h2>
      </div>
      <dl className="facts">
        <div>
          <dt>Car</dt>
          <dd>
            <Link to={adminPaths.adminCar.getHref(b.car.id)}>{b.car.title}</Link>
          </dd>
        </div>
        <div>
          <dt>Renter</dt>
          <dd>
            <Link to={adminPaths.adminCustomer.getHref(b.renter.id)}>{b.renter.name}</Link>
            <br />
            <a href={telHref(b.renter.msisdn)} className="muted-link">
              {phone(b.renter.msisdn)}
            </a>
          </dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDateRange(b.start_date, b.end_date)}
            <br />
            <span className="muted">
              {plural(b.days || days, 'day')} · pickup {b.pickup_time}, return {b.return_time}
            </span>
          </dd>
        </div>
        <div>
          <dt>Branch</dt>
          <dd>
            {b.branch.name}
            <br />
            <span className="muted">{b.branch.town}</span>
          </dd>
        </div>
        <div>
          <dt>Extras</dt>
          <dd>{extrasOf(b)}</dd>
        </div>
        <div>
          <dt>Destination</dt>
          <dd>
            {b.destination}
            <br />
            <span className="muted">{destinationTypeLabel(b.destination_type, b.branch.town)}</span>
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {STAFF_PAYMENT_METHOD_LABELS[b.payment_method]}
            {b.hold_expires_at && b.status === 'pending' && (
              <>
                <br />
                <span className="muted">Held until {formatDateTime(b.hold_expires_at)}</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Booked</dt>
          <dd>{formatDateTime(b.created_at)}</dd>
        </div>
      </dl>
      <table className="cost-table">
        <caption className="visually-hidden">Cost</caption>
        <tbody>
          {/* The lines the renter was charged (PRICE-6), as their receipt shows them. */}
          {b.lines.map((line, i) => (
            <tr key={i}>
              <th scope="row">{line.label}</th>
              <td>{cedis(line.amount)}</td>
            </tr>
          ))}
          <tr className="cost-table-total">
            <th scope="row">Total</th>
            <td>{cedis(b.total_cost)}</td>
          </tr>
          {/* HAND-10: a change or an extension not paid yet, collected at the return. */}
          {b.balance_due > 0 && (
            <tr className="cost-table-due">
              <th scope="row">Still to pay for the rental</th>
              <td>{cedis(b.balance_due)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

const ATTEMPT_LABELS: Record<string, string> = {
  pending: 'Pending',
  success: 'Received',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  reversed: 'Reversed',
};
const REFUND_PROBLEMS = new Set(['refund_failed', 'refund_needs_attention', 'refund_at_counter']);
const ATTEMPT_TONES: Record<string, string> = {
  success: 'badge-green',
  failed: 'badge-red',
  abandoned: 'badge-red',
  refunded: 'badge-grey',
  reversed: 'badge-red',
};
const PROVIDER_LABELS: Record<string, string> = {
  cash: 'Cash at the desk',
  sandbox: 'Mobile money (sandbox)',
};

function Payments({ booking }: { booking: AdminBookingDetail }) {
  const canSettle = useStaffCan()('POST /api/admin/bookings/:code/settle-refund');
  return (
    <section className="panel" aria-labelledby="payments-heading">
      <div className="panel-head">
        <h2 id="payments-heading">Payments</h2>
        <span className="panel-count">{booking.payments.length}</span>
      </div>
      {booking.payments.length === 0 ? (
        <p className="panel-empty">
          {booking.payment_method === 'payOnPickup'
            ? 'No payment yet: the renter pays in cash at pickup.'
            : 'No payment attempts yet.'}
        </p>
      ) : (
        <ul className="payment-list">
          {booking.payments.map((p) => (
            <li
              key={p.id}
              className={p.flagged_reason ? 'payment-item is-flagged' : 'payment-item'}
            >
              <div className="payment-top">
                <strong>{cedis(p.amount)}</strong>
                <span className={`badge ${ATTEMPT_TONES[p.status] ?? 'badge-amber'}`}>
                  {ATTEMPT_LABELS[p.status] ?? p.status}
                </span>
              </div>
              <p className="payment-meta">
                {PROVIDER_LABELS[p.provider] ?? p.provider}
                {p.network ? ` · ${p.network.toUpperCase()}` : ''}
                {p.wallet_msisdn ? ` · ${phone(p.wallet_msisdn)}` : ''}
              </p>
              <p className="payment-meta">
                <span className="mono">{p.reference}</span> · {formatDateTime(p.created_at)}
              </p>
              {p.flagged_reason && (
                <p className="row-alert payment-flag">
                  <AlertIcon size={16} /> {flagLabel(p.flagged_reason)}
                </p>
              )}
              {p.failure_reason && (
                <p className="payment-meta">Why it failed: {p.failure_reason}</p>
              )}
              {p.refund_note && <p className="payment-meta">Settled by hand: “{p.refund_note}”</p>}
              {/* The sandbox provider's prompt pops up on the sandbox phone of its wallet
                  (RUN-13): staff booking by phone can show the customer where, or try it. */}
              {p.provider === 'sandbox' && p.status === 'pending' && p.wallet_msisdn && (
                <p className="payment-meta">
                  <Link to={paths.sandboxPhone.getHref(p.wallet_msisdn)} target="_blank">
                    Open the sandbox phone of {phone(p.wallet_msisdn)}
                  </Link>
                </p>
              )}
              {p.status === 'refund_pending' &&
                p.flagged_reason &&
                REFUND_PROBLEMS.has(p.flagged_reason) &&
                // Money sent back by hand is a manager's decision (ROLE-3).
                (canSettle ? (
                  <RefundProblem
                    code={booking.booking_code}
                    reference={p.reference}
                    amount={p.amount}
                    atCounter={p.flagged_reason === 'refund_at_counter'}
                  />
                ) : (
                  <p className="payment-meta">A manager settles this refund.</p>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A refund Paystack could not complete: staff ask again, or record that the money went back
 * another way (with a note saying how, kept on the payment and the timeline).
 */
/**
 * A refund staff must finish: one Paystack failed or flagged (retry it, or record it settled
 * by hand), or cash owed back at the counter (record it handed back).
 */
function RefundProblem({
  code,
  reference,
  amount,
  atCounter,
}: {
  code: string;
  reference: string;
  amount: number;
  atCounter: boolean;
}) {
  const refund = useRefundAction(code);
  const [asking, setAsking] = useState<'retry' | 'settle' | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const close = () => {
    if (refund.isPending) return;
    setAsking(null);
    setNoteError(null);
    refund.reset();
  };
  return (
    <div className="refund-problem">
      <div className="refund-actions">
        {!atCounter && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setAsking('retry')}
          >
            Retry refund
          </button>
        )}
        <button
          type="button"
          className={atCounter ? 'btn btn-primary btn-sm' : 'btn btn-outline btn-sm'}
          onClick={() => setAsking('settle')}
        >
          {atCounter ? 'Handed back' : 'Settled by hand'}
        </button>
      </div>
      <ConfirmDialog
        open={asking === 'retry'}
        title="Ask Paystack for the refund again?"
        confirmLabel={`Retry refund of ${cedis(amount)}`}
        pending={refund.isPending}
        error={refund.isError ? errorMessage(refund.error) : null}
        onConfirm={() => refund.mutate({ kind: 'retry', reference }, { onSuccess: close })}
        onClose={close}
      >
        <p>
          A new refund of <strong>{cedis(amount)}</strong> goes to the renter&rsquo;s wallet. Check
          first that the money has not already reached them another way.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'settle'}
        title={
          atCounter ? 'Record the cash as handed back?' : 'Record the refund as settled by hand?'
        }
        confirmLabel={atCounter ? 'Record as handed back' : 'Record as settled'}
        withNote
        noteLabel="How was the money returned?"
        pending={refund.isPending}
        error={noteError ?? (refund.isError ? errorMessage(refund.error) : null)}
        onConfirm={(note) => {
          if (!note.trim()) {
            setNoteError('Say how the money was returned.');
            return;
          }
          setNoteError(null);
          refund.mutate({ kind: 'settle', reference, note: note.trim() }, { onSuccess: close });
        }}
        onClose={close}
      >
        {atCounter ? (
          <p>
            Hand <strong>{cedis(amount)}</strong> back to the renter in cash first, then record it
            here. Say who handed it over in the note.
          </p>
        ) : (
          <p>
            Use this when the <strong>{cedis(amount)}</strong> went back to the renter outside
            Paystack (cash at the desk, a transfer). Say how in the note; the booking will read
            refunded.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

const EVENT_TONE: Record<string, string> = {
  paid: 'good',
  cash_recorded: 'good',
  picked_up: 'good',
  returned: 'good',
  refunded: 'neutral',
  cancelled: 'bad',
  payment_failed: 'bad',
  prompt_declined: 'bad',
  hold_expired: 'bad',
  payment_flagged: 'bad',
};

function who(event: AdminBookingEvent): string {
  if (event.actor_user)
    return `${event.actor_user.name} (${actorLabel(event.actor).toLowerCase()})`;
  return actorLabel(event.actor);
}

function Timeline({ events }: { events: AdminBookingEvent[] }) {
  return (
    <section className="panel" aria-labelledby="timeline-heading">
      <div className="panel-head">
        <h2 id="timeline-heading">Timeline</h2>
      </div>
      {events.length === 0 ? (
        <p className="panel-empty">Nothing recorded yet.</p>
      ) : (
        <ol className="timeline">
          {events.map((event) => (
            <li key={event.id} className={`timeline-item tone-${EVENT_TONE[event.type] ?? 'info'}`}>
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <p className="timeline-title">{eventLabel(event.type)}</p>
                <p className="timeline-meta">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time> ·{' '}
                  {who(event)}
                </p>
                {describeChange(event) ? (
                  <p className="timeline-change">{describeChange(event)}</p>
                ) : (
                  event.note && <p className="timeline-note">“{event.note}”</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function BookingPage() {
  const { code = '' } = useParams();
  usePageTitle(`Booking ${code} · Staff`);
  const booking = useAdminBooking(code);

  if (booking.isPending) return <LoadingState label="Loading the booking…" />;
  if (booking.isError) {
    return (
      <>
        <AdminPageHeader title={code} back={back} />
        <ErrorState
          title="Couldn't load this booking"
          error={booking.error}
          onRetry={() => void booking.refetch()}
        />
      </>
    );
  }
  const b = booking.data;
  return (
    <>
      <AdminPageHeader
        title={<span className="mono">{b.booking_code}</span>}
        back={back}
        lead={
          <span className="badge-line">
            <StatusBadge status={b.status} />
            <PaymentBadge status={b.payment_status} />
            {b.flagged && <FlagBadge />}
            <span>
              {b.car.title} · {b.renter.name}
            </span>
          </span>
        }
      />
      <div className="booking-grid">
        <div className="booking-col">
          <Actions booking={b} />
          <Facts booking={b} />
          <Payments booking={b} />
        </div>
        <div className="booking-col">
          <Timeline events={b.events} />
          <BookingSmsLog code={b.booking_code} />
        </div>
      </div>
    </>
  );
}
