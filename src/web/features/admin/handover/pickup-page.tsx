import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import { DEPOSIT_METHOD_LABELS, handoverMessages } from '../../../../shared/handover';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../admin-paths';
import { useAdminBooking, useBookingAction } from '../api/admin-api';
import { cedis } from '../components/admin-labels';
import { AdminPageHeader } from '../components/admin-shell';
import { errorMessage } from '../components/server-errors';
import { ErrorState, LoadingState } from '../components/states';
import { DamageField, FuelField, OdometerField, PhotosField, fieldErrors } from './handover-fields';
import { useHandoverAction } from './handover-api';
import './handover.css';

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
  const navigate = useNavigate();
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState<number | null>(null);
  const [damage, setDamage] = useState('');
  const [override, setOverride] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  // A field's own message goes once it is changed; the others stay until the next try.
  const clear = (field: string) =>
    setLocal((shown) => Object.fromEntries(Object.entries(shown).filter(([k]) => k !== field)));

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
  const errors = { ...fieldErrors(save.error), ...local };
  const unpaid = b.allowed_actions.includes('record_cash');
  const canPickUp = b.allowed_actions.includes('pick_up');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!odometer) problems.odometer_km = handoverMessages.odometerRequired;
    if (fuel === null) problems.fuel_eighths = handoverMessages.fuelRequired;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      {
        data: {
          odometer_km: Number(odometer),
          fuel_eighths: fuel,
          damage_notes: damage,
          documents_override: override,
        },
        photos,
      },
      { onSuccess: () => navigate(adminPaths.adminHandover.getHref(b.booking_code)) },
    );
  };

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
        <form className="panel handover-form" onSubmit={submit} noValidate>
          <div className="panel-head">
            <h2>{unpaid ? '2. ' : ''}The car and the deposit</h2>
          </div>
          <div className="panel-body">
            <fieldset className="fieldset">
              <legend>Documents</legend>
              <p className="field-hint">
                The renter’s Ghana Card and driving licence must be verified in their profile. If
                they are not, say why you hand over the car anyway.
              </p>
              <div className="field">
                <label htmlFor="override">Reason to hand over without verified documents</label>
                <textarea
                  id="override"
                  className="textarea"
                  rows={2}
                  value={override}
                  onChange={(e) => setOverride(e.target.value)}
                  aria-invalid={errors.documents_override ? true : undefined}
                  aria-describedby={errors.documents_override ? 'override-error' : undefined}
                />
                {errors.documents_override && (
                  <p id="override-error" className="field-error field-error-line">
                    {errors.documents_override}
                  </p>
                )}
              </div>
            </fieldset>
            <OdometerField
              value={odometer}
              onChange={(v) => {
                clear('odometer_km');
                setOdometer(v);
              }}
              error={errors.odometer_km}
            />
            <FuelField
              value={fuel}
              onChange={(v) => {
                clear('fuel_eighths');
                setFuel(v);
              }}
              error={errors.fuel_eighths}
            />
            <DamageField value={damage} onChange={setDamage} error={errors.damage_notes} />
            <PhotosField photos={photos} onChange={setPhotos} error={errors.photos} />
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
