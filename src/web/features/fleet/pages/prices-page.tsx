import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EXTRA_PRICE_KEYS,
  EXTRA_PRICE_LABELS,
  type ExtraPriceKey,
} from '../../../../shared/pricing';
import type { AdminExtraPricesResponse } from '../../../../shared/schemas/branches.staff';
import {
  ExtraPricesSchema,
  type ExtraPricesFormValues,
  type ExtraPricesInput,
} from '../../../../shared/schemas/branches';
import { TextField } from '../../../components/form-fields';
import { shownError } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useExtraPrices, useSaveExtraPrices } from '../api/fleet-api';
import { formatDateTime } from '../../../components/console/admin-labels';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { applyServerErrors } from '../../../components/console/server-errors';
import { ErrorState, LoadingState } from '../../../components/console/states';
import './branches.css';

/** What each price is for, under its field. */
const HINTS: Record<ExtraPriceKey, string> = {
  chauffeur_per_day: 'For each day of a rental with a driver.',
  out_of_station_per_day: 'Added to the chauffeur for each day when the trip leaves Accra.',
  child_seat_per_day: 'For each day of a rental with a child seat.',
  delivery_fee: 'Once per booking, for a car from an Accra branch brought to the renter.',
  airport_fee: 'Once per booking picked up at an airport branch.',
};

const textOf = (prices: AdminExtraPricesResponse['prices']): ExtraPricesFormValues =>
  Object.fromEntries(EXTRA_PRICE_KEYS.map((key) => [key, String(prices[key])])) as Record<
    ExtraPriceKey,
    string
  >;

function PricesForm({ data }: { data: AdminExtraPricesResponse }) {
  const save = useSaveExtraPrices();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted, isDirty },
  } = useForm<ExtraPricesFormValues, unknown, ExtraPricesInput>({
    resolver: zodResolver(ExtraPricesSchema),
    mode: 'onTouched',
    defaultValues: textOf(data.prices),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    try {
      const result = await save.mutateAsync(values);
      reset(textOf(result.prices));
      setSaved('Prices saved. New quotes use them at once; bookings already made keep theirs.');
    } catch (error) {
      setFailure(applyServerErrors(error, setError, EXTRA_PRICE_KEYS));
    }
  });

  return (
    <form
      className="prices-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={save.isPending || undefined}
    >
      <section className="panel" aria-labelledby="extras-heading">
        <div className="panel-head">
          <h2 id="extras-heading">Extras</h2>
        </div>
        <div className="panel-body form-grid">
          {EXTRA_PRICE_KEYS.map((key) => (
            <TextField
              key={key}
              id={`price-${key}`}
              label={EXTRA_PRICE_LABELS[key]}
              prefix="GH₵"
              registration={register(key)}
              error={shownError({ errors, touchedFields, isSubmitted }, key)}
              hint={HINTS[key]}
              inputProps={{ inputMode: 'decimal' }}
            />
          ))}
        </div>
      </section>
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {saved && (
        <p className="alert alert-success" role="status">
          {saved}
        </p>
      )}
      <div className="form-actions">
        {isDirty && <span className="muted unsaved">Unsaved changes</span>}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save prices'}
        </button>
      </div>
    </form>
  );
}

/** /admin/prices: what the extras cost (STAFF-12). A car's own prices are on its page. */
export function PricesPage() {
  usePageTitle('Prices · Staff');
  const prices = useExtraPrices();
  return (
    <>
      <AdminPageHeader
        title="Prices"
        lead={
          prices.data?.updated_at
            ? `The extras renters can add to a booking · last changed ${formatDateTime(prices.data.updated_at)}`
            : 'The extras renters can add to a booking'
        }
      />
      {prices.isPending ? (
        <LoadingState label="Loading prices…" />
      ) : prices.isError ? (
        <ErrorState
          title="Couldn't load the prices"
          error={prices.error}
          onRetry={() => void prices.refetch()}
        />
      ) : (
        <PricesForm data={prices.data} />
      )}
      <p className="muted prices-note">
        A car&rsquo;s daily and weekly price and its deposit are set on the car&rsquo;s own page.
      </p>
    </>
  );
}
