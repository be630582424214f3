import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { destinationTypeLabel } from '../../../lib/destination-label';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { todayInAccra } from '../../../../shared/dates';
import type {
  AdminBookingDetail,
  AdminBookingEvent,
} from '../../../../shared/schemas/bookings.staff';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form-fields';
import { useCarList } from '../../../lib/console/console-queries';
import { useStaffChange, useStaffQuote, type StaffChange } from '../api/staff-bookings-api';
import { cedis, formatDateRange, formatShortRange } from '../../../components/console/admin-labels';
import { CancelIcon } from '../../../components/console/admin-icons';
import { bodyRules, messagesOf } from '../../../components/console/body-rules';
import {
  InputField,
  QuoteLines,
  SelectInput,
  serverErrorsOf,
  tripBody,
  tripQuoteQuery,
  TripExtrasFields,
  TripWhenFields,
  type SetTrip,
  type Trip,
} from './staff-booking-fields';
import '../pages/staff-bookings.css';

/*
 * Staff change, extend and cancel a booking, each with a reason for its timeline (STAFF-19 to
 * STAFF-22). The server decides what is allowed (the renter's own rules) and answers 409 with
 * the reason otherwise; the buttons only follow the booking's state.
 */

type Kind = StaffChange['kind'];

/** The booking's timeline line for a change or an extension: who, what moved, and why. */
export function describeChange(event: AdminBookingEvent): string | null {
  if (event.type !== 'changed' && event.type !== 'extended') return null;
  const data = event.data as {
    from?: Record<string, unknown>;
    to?: Record<string, unknown>;
    car?: { from: string; to: string };
    branch?: { from: string; to: string };
  } | null;
  const from = data?.from;
  const to = data?.to;
  if (!from || !to) return null;
  const parts: string[] = [];
  const range = (v: Record<string, unknown>) =>
    formatShortRange(String(v.start_date), String(v.end_date));
  if (from.start_date !== to.start_date || from.end_date !== to.end_date)
    parts.push(`dates ${range(from)} → ${range(to)}`);
  if (from.pickup_time !== to.pickup_time || from.return_time !== to.return_time)
    parts.push(
      `times ${String(from.pickup_time)}–${String(from.return_time)} → ${String(to.pickup_time)}–${String(to.return_time)}`,
    );
  if (data.car) parts.push(`car ${data.car.from} → ${data.car.to}`);
  if (data.branch && data.branch.from !== data.branch.to)
    parts.push(`branch ${data.branch.from} → ${data.branch.to}`);
  const extras = (v: Record<string, unknown>) =>
    [v.chauffeur && 'chauffeur', v.child_seat && 'child seat', v.delivery_address && 'delivery']
      .filter(Boolean)
      .join(', ') || 'none';
  if ('chauffeur' in from && extras(from) !== extras(to))
    parts.push(`extras ${extras(from)} → ${extras(to)}`);
  const total = (v: Record<string, unknown>) => cedis(Number(v.total_pesewas) / 100);
  if (from.total_pesewas !== to.total_pesewas) parts.push(`total ${total(from)} → ${total(to)}`);
  if (event.note) parts.push(`reason: ${event.note}`);
  const by = event.actor_user?.name ?? (event.actor === 'renter' ? 'the renter' : event.actor);
  const verb = event.type === 'extended' ? 'Extended' : 'Changed';
  return `${verb} by ${by}: ${parts.join('; ') || 'no change'}`;
}

/** Reason: required by the server; the field says so before anyone submits. */
function ReasonField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <div className="field span-all">
      <label htmlFor={id}>Reason (goes on the booking&rsquo;s timeline)</label>
      <textarea
        id={id}
        className="textarea"
        maxLength={500}
        required
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error field-error-line">
          {error}
        </p>
      )}
    </div>
  );
}

function DialogButtons({
  pending,
  onClose,
  label,
  danger,
}: {
  pending: boolean;
  onClose: () => void;
  label: string;
  danger?: boolean;
}) {
  return (
    <div className="confirm-actions">
      <button type="button" className="btn btn-outline" onClick={onClose} disabled={pending}>
        Go back
      </button>
      <button
        type="submit"
        className={danger ? 'btn btn-destructive' : 'btn btn-primary'}
        disabled={pending}
      >
        {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}

interface DialogProps {
  booking: AdminBookingDetail;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/*
 * Each dialog is a react-hook-form form checked with the API's schema for its body
 * (AdminChangeBookingInputSchema, AdminExtendBookingInputSchema, AdminCancelBookingInputSchema),
 * by the body's field names, so a message from here and one from the server show alike.
 */
const staffSchemas = () => import('../../../../shared/schemas/booking-changes.staff');

interface ChangeValues {
  car_id: string;
  trip: Trip;
  reason: string;
}

/** The change as the API takes it: the car only when it is another one. */
const changeBody = (values: ChangeValues, currentCarId: number) => ({
  ...(Number(values.car_id) !== currentCarId ? { car_id: Number(values.car_id) } : {}),
  ...tripBody(values.trip),
  reason: values.reason.trim(),
});

const changeRules = bodyRules<ChangeValues, { currentCarId: number }>(
  () => staffSchemas().then((m) => m.AdminChangeBookingInputSchema),
  (values, { currentCarId }) => changeBody(values, currentCarId),
);

interface ExtendValues {
  end_date: string;
  return_time: string;
  reason: string;
}
const extendBody = (values: ExtendValues) => ({ ...values, reason: values.reason.trim() });
const extendRules = bodyRules<ExtendValues>(
  () => staffSchemas().then((m) => m.AdminExtendBookingInputSchema),
  extendBody,
);

const cancelRules = bodyRules<{ reason: string }>(
  () => staffSchemas().then((m) => m.AdminCancelBookingInputSchema),
  (values) => ({ reason: values.reason.trim() }),
);

/** The server's messages and the form's own, by field (the form's are the newer). */
function useShownErrors(serverError: unknown, formErrors: object) {
  const { fields, message } = serverErrorsOf(serverError);
  return {
    errors: { ...fields, ...messagesOf(formErrors as Record<string, { message?: unknown }>) },
    message,
  };
}

function ChangeDialog({ booking: b, open, onClose, onDone }: DialogProps) {
  const id = useId();
  const change = useStaffChange(b.booking_code);
  const today = todayInAccra();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors: formErrors },
  } = useForm<ChangeValues, { currentCarId: number }>({
    resolver: changeRules,
    context: { currentCarId: b.car.id },
    defaultValues: {
      car_id: String(b.car.id),
      trip: {
        start: b.start_date,
        end: b.end_date,
        pickup: b.pickup_time,
        ret: b.return_time,
        destination: b.destination,
        destinationType: b.destination_type === 2 ? 2 : 1,
        chauffeur: b.chauffeur,
        childSeat: b.child_seat,
        delivery: b.delivery_address ?? '',
      },
      reason: '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const carId = watch('car_id');
  const trip = watch('trip');
  const reason = watch('reason');
  // The trip's fields are one value of the form, changed a part at a time.
  const set: SetTrip = (patch) => setValue('trip', { ...getValues('trip'), ...patch });
  const cars = useCarList({ status: 'active', limit: 100 });
  const query = useMemo(() => (open ? tripQuoteQuery(carId, trip) : null), [open, carId, trip]);
  const quote = useStaffQuote(useDeferredValue(query));
  const { errors, message } = useShownErrors(change.error, formErrors);
  const carOptions = (cars.data?.cars ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.title} · ${c.branch.name}`,
  }));
  if (!carOptions.some((o) => o.value === String(b.car.id)))
    carOptions.unshift({ value: String(b.car.id), label: b.car.title });
  // Where to, from the chosen car's branch town (PRICE-3); the booking's own until the list is in.
  const town =
    cars.data?.cars.find((c) => String(c.id) === String(carId))?.branch.town ?? b.branch.town;

  const submit = handleSubmit((values) => {
    change.mutate(
      { kind: 'change', body: changeBody(values, b.car.id) },
      { onSuccess: (data) => onDone(data.message) },
    );
  });
  const close = () => {
    if (!change.isPending) onClose();
  };

  return (
    <Dialog
      open={open}
      title={`Change booking ${b.booking_code}`}
      onClose={close}
      closable={!change.isPending}
      className="dialog-wide"
    >
      <form className="confirm-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="confirm-body">
          Now: {b.car.title}, {formatDateRange(b.start_date, b.end_date)}, {cedis(b.total_cost)}.
          The customer is texted the change.
        </p>
        <div className="staff-dialog-grid">
          <SelectInput
            id={`${id}-car`}
            label="Car"
            className="span-all"
            value={carId}
            onChange={(value) => setValue('car_id', value)}
            options={carOptions}
            error={errors.car_id}
          />
          <TripWhenFields id={id} trip={trip} set={set} errors={errors} today={today} />
          <InputField
            id={`${id}-destination`}
            label="Destination"
            value={trip.destination}
            onChange={(destination) => set({ destination })}
            error={errors.destination}
            inputProps={{ maxLength: 120, autoComplete: 'off' }}
          />
          <SelectInput
            id={`${id}-where`}
            label="Where to"
            value={String(trip.destinationType)}
            onChange={(v) => set({ destinationType: v === '2' ? 2 : 1 })}
            options={[1, 2].map((type) => ({
              value: String(type),
              label: destinationTypeLabel(type, town),
            }))}
          />
          <TripExtrasFields id={id} trip={trip} set={set} errors={errors} />
          <div className="span-all staff-dialog-quote" aria-live="polite">
            {quote.data && (
              <>
                <QuoteLines
                  lines={quote.data.lines}
                  total={quote.data.total_cost}
                  caption="New price"
                />
                <p className="muted">Difference: {cedis(quote.data.total_cost - b.total_cost)}</p>
              </>
            )}
          </div>
          <ReasonField
            id={`${id}-reason`}
            registration={register('reason')}
            error={reason.trim() ? undefined : errors.reason}
          />
        </div>
        {message && (
          <div className="alert alert-error" role="alert">
            {message}
          </div>
        )}
        <DialogButtons pending={change.isPending} onClose={close} label="Save change" />
      </form>
    </Dialog>
  );
}

function ExtendDialog({ booking: b, open, onClose, onDone }: DialogProps) {
  const id = useId();
  const change = useStaffChange(b.booking_code);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors: formErrors },
  } = useForm<ExtendValues>({
    resolver: extendRules,
    defaultValues: { end_date: b.end_date, return_time: b.return_time, reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = watch('reason');
  const { errors, message } = useShownErrors(change.error, formErrors);
  const close = () => {
    if (!change.isPending) onClose();
  };
  return (
    <Dialog
      open={open}
      title={`Extend trip ${b.booking_code}`}
      onClose={close}
      closable={!change.isPending}
    >
      <form
        className="confirm-form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) =>
            change.mutate(
              { kind: 'extend', body: extendBody(values) },
              { onSuccess: (data) => onDone(data.message) },
            ),
          )(event)
        }
      >
        <p className="confirm-body">
          Due back now on {formatDateRange(b.end_date, b.end_date)} at {b.return_time}. The new days
          are priced as a new booking; the customer pays the difference on return.
        </p>
        <div className="staff-dialog-grid">
          <TextField
            id={`${id}-end`}
            label="New return date"
            registration={register('end_date')}
            error={errors.end_date}
            inputProps={{ type: 'date', min: b.end_date }}
          />
          <TextField
            id={`${id}-return`}
            label="Return time"
            registration={register('return_time')}
            error={errors.return_time}
            inputProps={{ type: 'time', step: 60 }}
          />
          <ReasonField
            id={`${id}-reason`}
            registration={register('reason')}
            error={reason.trim() ? undefined : errors.reason}
          />
        </div>
        {message && (
          <div className="alert alert-error" role="alert">
            {message}
          </div>
        )}
        <DialogButtons pending={change.isPending} onClose={close} label="Extend trip" />
      </form>
    </Dialog>
  );
}

function CancelDialog({ booking: b, open, onClose, onDone }: DialogProps) {
  const id = useId();
  const change = useStaffChange(b.booking_code);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors: formErrors },
  } = useForm<{ reason: string }>({
    resolver: cancelRules,
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = watch('reason');
  const { errors, message } = useShownErrors(change.error, formErrors);
  const paid = b.payment_status === 'paid';
  const close = () => {
    if (!change.isPending) onClose();
  };
  return (
    <Dialog
      open={open}
      title={`Cancel booking ${b.booking_code}?`}
      onClose={close}
      closable={!change.isPending}
    >
      <form
        className="confirm-form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) =>
            change.mutate(
              { kind: 'cancel', body: { reason: values.reason.trim() } },
              { onSuccess: (data) => onDone(data.message) },
            ),
          )(event)
        }
      >
        <p className="confirm-body">
          {paid ? (
            <>
              The customer has paid <strong>{cedis(b.total_cost)}</strong>; it will be
              refunded.{' '}
            </>
          ) : (
            'Nothing has been paid. '
          )}
          The dates {formatDateRange(b.start_date, b.end_date)} become free for others to book. This
          cannot be undone.
        </p>
        <ReasonField
          id={`${id}-reason`}
          registration={register('reason')}
          error={reason.trim() ? undefined : errors.reason}
        />
        {message && (
          <div className="alert alert-error" role="alert">
            {message}
          </div>
        )}
        <DialogButtons
          pending={change.isPending}
          onClose={close}
          label={paid ? 'Cancel and refund' : 'Cancel booking'}
          danger
        />
      </form>
    </Dialog>
  );
}

/**
 * The booking page's Change, Extend and Cancel buttons and their dialogs. Each dialog is
 * mounted fresh when opened, so it starts from the booking as it is now.
 */
export function StaffBookingActions({ booking }: { booking: AdminBookingDetail }) {
  const [open, setOpen] = useState<Kind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const live = booking.status === 'pending' || booking.status === 'confirmed';
  const canChange = live && booking.start_date >= todayInAccra();
  const canExtend = booking.status === 'active';
  const canCancel = booking.allowed_actions.includes('cancel');
  if (!canChange && !canExtend && !canCancel && !done) return null;

  const props = (kind: Kind) => ({
    booking,
    open: open === kind,
    onClose: () => setOpen(null),
    onDone: (message: string) => {
      setOpen(null);
      setDone(message);
    },
  });
  const start = (kind: Kind) => {
    setDone(null);
    setOpen(kind);
  };
  return (
    <>
      {done && (
        <p className="alert alert-success" role="status" tabIndex={-1} ref={doneRef}>
          {done}
        </p>
      )}
      <div className="staff-actions">
        {canChange && (
          <button type="button" className="btn btn-outline" onClick={() => start('change')}>
            Change booking
          </button>
        )}
        {canExtend && (
          <button type="button" className="btn btn-outline" onClick={() => start('extend')}>
            Extend trip
          </button>
        )}
        {canCancel && (
          <button type="button" className="btn btn-outline-danger" onClick={() => start('cancel')}>
            <CancelIcon size={18} />
            {booking.payment_status === 'paid' ? 'Cancel and refund' : 'Cancel booking'}
          </button>
        )}
      </div>
      {open === 'change' && <ChangeDialog {...props('change')} />}
      {open === 'extend' && <ExtendDialog {...props('extend')} />}
      {open === 'cancel' && <CancelDialog {...props('cancel')} />}
    </>
  );
}
