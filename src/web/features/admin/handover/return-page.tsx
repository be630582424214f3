import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { formatDate } from '../../../../shared/dates';
import {
  DEPOSIT_METHOD_LABELS,
  KEPT_REASON_LABELS,
  STAFF_KEPT_REASONS,
  handoverMessages,
  settleAtReturn,
  type StaffKeptReason,
} from '../../../../shared/handover';
import { lateFeeDescription, lateFeeOfReturn } from '../../../../shared/late-fee';
import { cedisToPesewas, pesewasToCedis } from '../../../../shared/money';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPaths } from '../admin-paths';
import { useAdminBooking } from '../api/admin-api';
import { cedis } from '../components/admin-labels';
import { AdminPageHeader } from '../components/admin-shell';
import { errorMessage } from '../components/server-errors';
import { ErrorState, LoadingState } from '../components/states';
import { useAdminHandover, useHandoverAction } from './handover-api';
import {
  DamageField,
  FuelField,
  OdometerField,
  PhotosField,
  fieldErrors,
  handoverRules,
  messagesOf,
} from './handover-fields';
import './handover.css';

interface Line {
  reason: StaffKeptReason;
  amount: string;
  note: string;
}

/** 'YYYY-MM-DDTHH:MM' in Accra time (= UTC) for a datetime-local input. */
const localValue = (date: Date) => date.toISOString().slice(0, 16);

/** The server's minute of slack for a clock ahead of its own (HAND-5). */
const FUTURE_SLACK_MS = 60_000;

interface ReturnFormValues {
  returned_at: string;
  odometer_km: string;
  fuel_eighths: number | null;
  damage_notes: string;
  photos: File[];
  kept_lines: Line[];
}

/** What the page knows that the schema does not: the pickup's odometer and the clock. */
interface ReturnContext {
  pickupKm: number | null;
  future: boolean;
}

const resolver = handoverRules<ReturnFormValues>(
  () => import('../../../../shared/schemas/handover').then((m) => m.ReturnInputSchema),
  (values) => ({
    odometer_km: values.odometer_km === '' ? undefined : Number(values.odometer_km),
    fuel_eighths: values.fuel_eighths ?? undefined,
    damage_notes: values.damage_notes,
    kept_lines: values.kept_lines,
  }),
  (values, context) => {
    const { pickupKm, future } = context as ReturnContext;
    const problems: Record<string, string> = {};
    if (values.odometer_km && pickupKm !== null && Number(values.odometer_km) < pickupKm)
      problems.odometer_km = handoverMessages.odometerBelowPickup(pickupKm);
    if (future) problems.returned_at = handoverMessages.returnedAtFuture;
    return problems;
  },
);

/**
 * Taking the car back (HAND-5 to HAND-8, HAND-11): its state, and the money — the rental's
 * balance, the late fee and staff's charges against the deposit — worked out live by the same
 * rules the server applies (shared/late-fee.ts, shared/handover.ts settleAtReturn).
 */
export function ReturnPage() {
  const { code = '' } = useParams();
  usePageTitle(`Return ${code}`);
  const booking = useAdminBooking(code);
  const receipt = useAdminHandover(code);
  const save = useHandoverAction(code, 'return');
  const navigate = useNavigate();
  // Left as it opened, the time is "now" to the minute: the server's own now is sent instead
  // (a car handed over and back within one minute would otherwise look returned before pickup).
  const [timeChanged, setTimeChanged] = useState(false);
  const [context, setContext] = useState<ReturnContext>({ pickupKm: null, future: false });
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    watch,
    formState: { errors: formErrors },
  } = useForm<ReturnFormValues, ReturnContext>({
    resolver,
    context,
    defaultValues: {
      returned_at: localValue(new Date()),
      odometer_km: '',
      fuel_eighths: null,
      damage_notes: '',
      photos: [],
      kept_lines: [],
    },
    // A field's own message goes once it is changed; the others stay until the next try.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const keptLines = useFieldArray({ control, name: 'kept_lines' });
  const returnedAt = watch('returned_at');
  const lines = watch('kept_lines');

  // The clock the form compares the typed time with, moved on every half minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const b = booking.data;
  const pickup = receipt.data?.pickup ?? null;
  const priceCedis = receipt.data?.price_per_day;
  const figures = useMemo(() => {
    if (!b || priceCedis === undefined) return null;
    const at = new Date(`${returnedAt}:00Z`);
    const valid = !Number.isNaN(at.getTime());
    // A time ahead of now is refused by the server: no fee is previewed for it (HAND-5).
    const future = valid && at.getTime() > now + FUTURE_SLACK_MS;
    const fee = lateFeeOfReturn(
      {
        endDate: b.end_date,
        returnTime: b.return_time,
        pricePerDayPesewas: cedisToPesewas(priceCedis),
      },
      valid && !future ? at : new Date(now),
    );
    const deposit = cedisToPesewas(pickup?.deposit ?? b.deposit);
    const staffLines = lines.map((l) => ({
      reason: l.reason,
      amountPesewas: Math.max(0, cedisToPesewas(Number(l.amount) || 0)),
      note: l.note || null,
    }));
    const settlement = settleAtReturn({
      depositPesewas: deposit,
      lateFeePesewas: fee.feePesewas,
      staffLines,
      balancePesewas: cedisToPesewas(b.balance_due),
    });
    return { fee, future, deposit, settlement };
  }, [b, priceCedis, returnedAt, lines, pickup, now]);

  if (booking.isPending || receipt.isPending) return <LoadingState label="Loading booking…" />;
  if (booking.isError || receipt.isError)
    return (
      <ErrorState
        title="The booking could not be loaded"
        error={(booking.error ?? receipt.error)!}
        onRetry={() => void Promise.all([booking.refetch(), receipt.refetch()])}
      />
    );
  // The resolver's context: what the checks compare with, as of this render.
  const pickupKm = pickup?.odometer_km ?? null;
  const future = figures?.future ?? false;
  if (context.pickupKm !== pickupKm || context.future !== future) setContext({ pickupKm, future });
  const bk = booking.data;
  const back = { to: adminPaths.adminBooking.getHref(bk.booking_code), label: bk.booking_code };
  const errors = { ...fieldErrors(save.error), ...messagesOf(formErrors) };
  // Said as soon as the time is typed, not only on saving.
  if (figures?.future && !errors.returned_at)
    errors.returned_at = handoverMessages.returnedAtFuture;
  const canReturn = bk.allowed_actions.includes('return');
  const method =
    pickup?.deposit_method ?? (bk.payment_method === 'mobile_money' ? 'mobile_money' : 'cash');

  const submit = handleSubmit((values) => {
    save.mutate(
      {
        data: {
          returned_at: timeChanged ? new Date(`${values.returned_at}:00Z`).toISOString() : null,
          odometer_km: Number(values.odometer_km),
          fuel_eighths: values.fuel_eighths!,
          damage_notes: values.damage_notes,
          kept_lines: values.kept_lines.map((l) => ({
            reason: l.reason,
            amount: l.amount,
            note: l.note,
          })),
        },
        photos: values.photos,
      },
      { onSuccess: () => navigate(adminPaths.adminHandover.getHref(bk.booking_code)) },
    );
  });

  const s = figures!.settlement;
  return (
    <div className="handover-page">
      <AdminPageHeader
        title={`Return · ${bk.booking_code}`}
        lead={`${bk.renter.name} · ${bk.car.title} · due back ${formatDate(bk.end_date)} at ${bk.return_time}`}
        back={back}
      />
      {!canReturn ? (
        <p className="alert alert-info" role="status">
          This booking’s car is not out ({bk.status}).{' '}
          <Link to={adminPaths.adminHandover.getHref(bk.booking_code)}>
            See the handover receipt
          </Link>
        </p>
      ) : (
        <form className="panel handover-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="panel-head">
            <h2>The car back</h2>
          </div>
          <div className="panel-body">
            {bk.balance_due > 0 && (
              <p className="alert alert-info handover-balance">
                Still to pay for the rental: <strong>{cedis(bk.balance_due)}</strong>. It is part of
                the charges below.
              </p>
            )}
            <div className="field">
              <label htmlFor="returned-at">Returned at (Accra time)</label>
              <input
                id="returned-at"
                type="datetime-local"
                className="input handover-big-input"
                {...register('returned_at', {
                  onChange: () => {
                    clearErrors('returned_at');
                    setTimeChanged(true);
                  },
                })}
                aria-invalid={errors.returned_at ? true : undefined}
                aria-describedby={errors.returned_at ? 'returned-at-error' : undefined}
              />
              {errors.returned_at && (
                <p id="returned-at-error" className="field-error field-error-line">
                  {errors.returned_at}
                </p>
              )}
            </div>
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
                  {...(pickup
                    ? { hint: `At pickup: ${pickup.odometer_km.toLocaleString('en-GH')} km` }
                    : {})}
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

            <fieldset className="fieldset handover-lines">
              <legend>Charges for the car</legend>
              <p className="muted handover-legend-note">
                Fuel, damage, cleaning or other, with a note. The deposit pays first; what it does
                not cover is collected in cash.
              </p>
              {keptLines.fields.map((line, i) => (
                <div className="handover-line" key={line.id}>
                  <div className="field">
                    <label htmlFor={`line-${i}-reason`}>Reason</label>
                    <select
                      id={`line-${i}-reason`}
                      className="select"
                      {...register(`kept_lines.${i}.reason`)}
                    >
                      {STAFF_KEPT_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {KEPT_REASON_LABELS[r]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`line-${i}-amount`}>Amount (GH₵)</label>
                    <input
                      id={`line-${i}-amount`}
                      className="input"
                      inputMode="decimal"
                      {...register(`kept_lines.${i}.amount`)}
                      aria-invalid={errors[`kept_lines.${i}.amount`] ? true : undefined}
                    />
                    {errors[`kept_lines.${i}.amount`] && (
                      <p className="field-error field-error-line">
                        {errors[`kept_lines.${i}.amount`]}
                      </p>
                    )}
                  </div>
                  <div className="field handover-line-note">
                    <label htmlFor={`line-${i}-note`}>Note</label>
                    <input
                      id={`line-${i}-note`}
                      className="input"
                      {...register(`kept_lines.${i}.note`)}
                      aria-invalid={errors[`kept_lines.${i}.note`] ? true : undefined}
                    />
                    {errors[`kept_lines.${i}.note`] && (
                      <p className="field-error field-error-line">
                        {errors[`kept_lines.${i}.note`]}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="btn btn-outline handover-line-remove"
                    onClick={() => keptLines.remove(i)}
                  >
                    Remove<span className="visually-hidden"> line {i + 1}</span>
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => keptLines.append({ reason: 'fuel', amount: '', note: '' })}
              >
                Add a line (fuel, damage, cleaning, other)
              </button>
              {errors.kept_lines && (
                <p className="field-error field-error-line" role="alert">
                  {errors.kept_lines}
                </p>
              )}
            </fieldset>

            <section
              className="handover-summary"
              aria-labelledby="summary-heading"
              aria-live="polite"
            >
              <h3 id="summary-heading">Money at the return</h3>
              <dl>
                {figures!.future ? (
                  <div>
                    <dt>Late fee</dt>
                    <dd className="muted">Set a return time that is not in the future.</dd>
                  </div>
                ) : (
                  <div>
                    <dt>Late fee</dt>
                    <dd>
                      {cedis(pesewasToCedis(figures!.fee.feePesewas))}
                      <span className="muted"> · {lateFeeDescription(figures!.fee)}</span>
                    </dd>
                  </div>
                )}
                {s.charges
                  .filter((c) => c.reason !== 'late_fee')
                  .map((c, i) => (
                    <div key={i}>
                      <dt>
                        {KEPT_REASON_LABELS[c.reason]}
                        {c.note ? ` (${c.note})` : ''}
                      </dt>
                      <dd>{cedis(pesewasToCedis(c.amountPesewas))}</dd>
                    </div>
                  ))}
                <div className="handover-summary-sub">
                  <dt>Total charges</dt>
                  <dd>{cedis(pesewasToCedis(s.chargesPesewas))}</dd>
                </div>
                <div>
                  <dt>Deposit held</dt>
                  <dd>{cedis(pesewasToCedis(figures!.deposit))}</dd>
                </div>
                <div>
                  <dt>Deposit applied to the charges</dt>
                  <dd>{cedis(pesewasToCedis(s.keptPesewas))}</dd>
                </div>
                <div className="handover-summary-total">
                  <dt>Deposit to return</dt>
                  <dd>
                    {cedis(pesewasToCedis(s.returnedPesewas))}
                    <span className="muted">
                      {' '}
                      ·{' '}
                      {method === 'mobile_money'
                        ? 'refunded to the wallet'
                        : `${DEPOSIT_METHOD_LABELS.cash.toLowerCase()} at the desk`}
                    </span>
                  </dd>
                </div>
                <div
                  className={
                    s.collectedPesewas > 0
                      ? 'handover-summary-total handover-summary-due'
                      : 'handover-summary-total'
                  }
                >
                  <dt>To collect in cash</dt>
                  <dd>{cedis(pesewasToCedis(s.collectedPesewas))}</dd>
                </div>
              </dl>
            </section>
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
              {save.isPending ? 'Saving…' : 'Take the car back'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
