import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_STATE_LABELS,
  documentStatesOf,
  type DocumentState,
} from '../../../../shared/documents';
import { DEPOSIT_METHOD_LABELS } from '../../../../shared/handover';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../admin-paths';
import { useAdminBooking, useBookingAction } from '../api/admin-api';
import { useCustomerDocuments } from '../api/documents-api';
import { cedis } from '../components/admin-labels';
import { AdminPageHeader } from '../components/admin-shell';
import { errorMessage } from '../components/server-errors';
import { ErrorState, LoadingState } from '../components/states';
import {
  DamageField,
  FuelField,
  OdometerField,
  PhotosField,
  fieldErrors,
  handoverRules,
  messagesOf,
} from './handover-fields';
import { useHandoverAction } from './handover-api';
import './handover.css';

const STATE_BADGES: Record<DocumentState, string> = {
  verified: 'badge badge-green',
  pending: 'badge badge-amber',
  rejected: 'badge badge-red',
  missing: 'badge badge-grey',
};

interface PickupFormValues {
  odometer_km: string;
  fuel_eighths: number | null;
  damage_notes: string;
  documents_override: string;
  photos: File[];
}

/** The pickup as the API takes it (the override only when documents are not both verified). */
const pickupInput = (values: PickupFormValues, askOverride: boolean) => ({
  odometer_km: values.odometer_km === '' ? undefined : Number(values.odometer_km),
  fuel_eighths: values.fuel_eighths ?? undefined,
  damage_notes: values.damage_notes,
  ...(askOverride ? { documents_override: values.documents_override } : {}),
});

const resolver = handoverRules<PickupFormValues>(
  () => import('../../../../shared/schemas/handover').then((m) => m.PickupInputSchema),
  (values) => pickupInput(values, true),
);

/**
 * Handing the car over (HAND-1 to HAND-4): documents seen, the car's state, the deposit taken.
 * A pay-on-pickup booking records its cash here first.
 */
export function PickupPage() {
  const { code = '' } = useParams();
  usePageTitle(`Pick-up ${code}`);
  const booking = useAdminBooking(code);
  const cash = useBookingAction(code);
  const save = useHandoverAction(code, 'pick-up');
  // The renter's documents, to say before submit whether an override is needed (HAND-2).
  const documents = useCustomerDocuments(booking.data?.renter.id ?? null);
  const navigate = useNavigate();
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors: formErrors },
  } = useForm<PickupFormValues>({
    resolver,
    defaultValues: {
      odometer_km: '',
      fuel_eighths: null,
      damage_notes: '',
      documents_override: '',
      photos: [],
    },
    // A field's own message goes once it is changed; the others stay until the next try.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  if (booking.isPending) return <LoadingState label="Loading booking…" />;
  if (booking.isError)
    return (
      <ErrorState
        title="The booking could not be loaded"
        error={booking.error}
        onRetry={() => void booking.refetch()}
      />
    );
  const b = booking.data;
  const back = { to: adminPaths.adminBooking.getHref(b.booking_code), label: b.booking_code };
  const errors = { ...fieldErrors(save.error), ...messagesOf(formErrors) };
  const unpaid = b.allowed_actions.includes('record_cash');
  const canPickUp = b.allowed_actions.includes('pick_up');
  const states = documents.data ? documentStatesOf(documents.data.documents) : null;
  const allVerified = states !== null && DOCUMENT_KINDS.every((k) => states[k] === 'verified');

  const submit = handleSubmit((values) => {
    save.mutate(
      {
        data: {
          odometer_km: Number(values.odometer_km),
          fuel_eighths: values.fuel_eighths!,
          damage_notes: values.damage_notes,
          // Only asked for when the documents are not both verified.
          ...(allVerified ? {} : { documents_override: values.documents_override }),
        },
        photos: values.photos,
      },
      {
        onSuccess: () => navigate(adminPaths.adminHandover.getHref(b.booking_code)),
        // A refusal may come from documents that changed meanwhile: show them as they are.
        onError: () => void documents.refetch(),
      },
    );
  });

  return (
    <div className="handover-page">
      <AdminPageHeader
        title={`Pick-up · ${b.booking_code}`}
        lead={`${b.renter.name} · ${b.car.title} · due back ${formatDate(b.end_date)} at ${b.return_time}`}
        back={back}
      />
      {unpaid && (
        <section className="panel" aria-labelledby="cash-heading">
          <div className="panel-head">
            <h2 id="cash-heading">1. Take the payment</h2>
          </div>
          <div className="panel-body">
            <p>
              Pay on pickup: take <strong>{cedis(b.total_cost)}</strong> in cash ({cedis(b.deposit)}{' '}
              deposit included) before handing over the car.
            </p>
            {cash.isError && (
              <p className="alert alert-error" role="alert">
                {errorMessage(cash.error)}
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary handover-big-btn"
              disabled={cash.isPending}
              onClick={() => cash.mutate({ action: 'record_cash' })}
            >
              Record {cedis(b.total_cost)} cash received
            </button>
          </div>
        </section>
      )}
      {!unpaid && !canPickUp && (
        <p className="alert alert-info" role="status">
          This booking cannot be picked up now ({b.status}).{' '}
          <Link to={adminPaths.adminHandover.getHref(b.booking_code)}>
            See the handover receipt
          </Link>
        </p>
      )}
      {canPickUp && (
        <form className="panel handover-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="panel-head">
            <h2>{unpaid ? '2. ' : ''}The car and the deposit</h2>
          </div>
          <div className="panel-body">
            <fieldset className="fieldset">
              <legend>Documents</legend>
              {documents.isPending ? (
                <p className="field-hint">Checking the renter’s documents…</p>
              ) : (
                <>
                  {states && (
                    <ul className="handover-documents" aria-label={`Documents of ${b.renter.name}`}>
                      {DOCUMENT_KINDS.map((kind) => (
                        <li key={kind}>
                          <span>{DOCUMENT_KIND_LABELS[kind]}</span>
                          <span className={STATE_BADGES[states[kind]]}>
                            {DOCUMENT_STATE_LABELS[states[kind]]}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {allVerified ? (
                    <p className="field-hint handover-documents-note">
                      Both verified: nothing more to check.
                    </p>
                  ) : (
                    <>
                      <p className="field-hint handover-documents-note">
                        {states
                          ? 'Both must be verified. '
                          : 'The renter’s documents could not be loaded. '}
                        <Link to={adminPaths.adminCustomer.getHref(b.renter.id)}>
                          Check them on {b.renter.name}’s page
                        </Link>
                        , or say why you hand over the car anyway.
                      </p>
                      <div className="field">
                        <label htmlFor="override">
                          Reason to hand over without verified documents
                        </label>
                        <textarea
                          id="override"
                          className="textarea"
                          rows={2}
                          {...register('documents_override')}
                          aria-invalid={errors.documents_override ? true : undefined}
                          aria-describedby={
                            errors.documents_override ? 'override-error' : undefined
                          }
                        />
                        {errors.documents_override && (
                          <p id="override-error" className="field-error field-error-line">
                            {errors.documents_override}
                          </p>
                        )}
                      </div>
                    </>
                  )}
                </>
              )}
            </fieldset>
            <Controller
              control={control}
              name="odometer_km"
              render={({ field }) => (
                <OdometerField
                  value={field.value}
                  onChange={(v) => {
                    clearErrors('odometer_km');
                    field.onChange(v);
                  }}
                  error={errors.odometer_km}
                />
              )}
            />
            <Controller
              control={control}
              name="fuel_eighths"
              render={({ field }) => (
                <FuelField
                  value={field.value}
                  onChange={(v) => {
                    clearErrors('fuel_eighths');
                    field.onChange(v);
                  }}
                  error={errors.fuel_eighths}
                />
              )}
            />
            <Controller
              control={control}
              name="damage_notes"
              render={({ field }) => (
                <DamageField
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.damage_notes}
                />
              )}
            />
            <Controller
              control={control}
              name="photos"
              render={({ field }) => (
                <PhotosField photos={field.value} onChange={field.onChange} error={errors.photos} />
              )}
            />
            <div className="handover-deposit" aria-live="polite">
              <span>Deposit taken</span>
              <strong>{cedis(b.deposit)}</strong>
              <span className="muted">
                {b.payment_method === 'mobile_money'
                  ? `${DEPOSIT_METHOD_LABELS.mobile_money}: part of the booking’s payment`
                  : `${DEPOSIT_METHOD_LABELS.cash}: part of the cash received`}
              </span>
            </div>
            {save.isError && (
              <p className="alert alert-error" role="alert">
                {errorMessage(save.error)}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary handover-big-btn"
              disabled={save.isPending}
            >
              {save.isPending ? 'Saving…' : 'Hand over the car'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
