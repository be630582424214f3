import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { daysBetween, todayInAccra } from '../../../../shared/dates';
import type {
  AdminMaintenanceBlock,
  AdminMaintenanceFormValues,
  AdminMaintenanceInput,
} from '../../../../shared/schemas/cars.staff';
import { shownError } from '../../../lib/form-errors';
import {
  useAddMaintenanceBlock,
  useMaintenanceBlocks,
  useRemoveMaintenanceBlock,
} from '../api/fleet-api';
import { TrashIcon, WrenchIcon } from '../../../components/console/admin-icons';
import { formatDateRange, formatDateTime, plural } from '../../../components/console/admin-labels';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { TextField } from '../../../components/form-fields';
import { applyServerErrors, errorMessage } from '../../../components/console/server-errors';

const FIELDS = ['start_date', 'end_date', 'note'] as const;

function AddBlockForm({ carId }: { carId: number }) {
  const add = useAddMaintenanceBlock(carId);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const today = todayInAccra();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<AdminMaintenanceFormValues, unknown, AdminMaintenanceInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { start_date: '', end_date: '', note: '' },
  });
  const shown = (field: (typeof FIELDS)[number]) =>
    shownError({ errors, touchedFields, isSubmitted }, field);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setAdded(null);
    try {
      const block = await add.mutateAsync(values);
      reset();
      setAdded(
        `Blocked ${formatDateRange(block.start_date, block.end_date)}. Renters now see these days as taken.`,
      );
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form
      className="block-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="block-form-heading"
    >
      <h3 id="block-form-heading">Block dates</h3>
      <div className="form-grid">
        <TextField
          id="block-start"
          label="From"
          registration={register('start_date')}
          error={shown('start_date')}
          inputProps={{ type: 'date', min: today }}
        />
        <TextField
          id="block-end"
          label="To (included)"
          registration={register('end_date')}
          error={shown('end_date')}
          inputProps={{ type: 'date', min: today }}
        />
        <TextField
          id="block-note"
          className="span-all"
          label="Reason (optional)"
          registration={register('note')}
          error={shown('note')}
          inputProps={{ placeholder: 'Service, tyres, repairs…', maxLength: 500 }}
        />
      </div>
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {added && (
        <p className="alert alert-success" role="status">
          {added}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
          <WrenchIcon size={18} />
          Block these dates
        </button>
      </div>
    </form>
  );
}

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/cars.staff').then((m) => m.AdminMaintenanceInputSchema),
);

/** Date ranges that take a car out of service; the same rule as bookings keeps them apart. */
/** `editable`: the role may add and remove blocks (ROLE-3); an agent only sees them. */
export function MaintenanceBlocks({
  carId,
  editable = true,
}: {
  carId: number;
  editable?: boolean;
}) {
  const blocks = useMaintenanceBlocks(carId);
  const remove = useRemoveMaintenanceBlock(carId);
  const [toRemove, setToRemove] = useState<AdminMaintenanceBlock | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  return (
    <section className="panel" aria-labelledby="maintenance-heading">
      <div className="panel-head">
        <h2 id="maintenance-heading">
          <WrenchIcon size={20} />
          Maintenance
        </h2>
        {blocks.data && <span className="panel-count">{blocks.data.length}</span>}
      </div>
      <div className="panel-body">
        {blocks.isPending && <p className="muted">Loading maintenance blocks…</p>}
        {blocks.isError && (
          <div className="alert alert-error" role="alert">
            {errorMessage(blocks.error)}
          </div>
        )}
        {blocks.data?.length === 0 && (
          <p className="muted">No maintenance planned: the car can be booked on any free day.</p>
        )}
        {blocks.data && blocks.data.length > 0 && (
          <ul className="block-list" aria-label="Maintenance blocks">
            {blocks.data.map((block) => (
              <li key={block.id} className="block-item">
                <div>
                  <strong>{formatDateRange(block.start_date, block.end_date)}</strong>
                  <span className="muted">
                    {' '}
                    · {plural(daysBetween(block.start_date, block.end_date) + 1, 'day')}
                  </span>
                  {block.note && <p className="block-note">{block.note}</p>}
                  <p className="block-meta">
                    Added {formatDateTime(block.created_at)}
                    {block.created_by ? ` by ${block.created_by.name}` : ''}
                  </p>
                </div>
                {editable && (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => {
                      remove.reset();
                      setRemoved(null);
                      setToRemove(block);
                    }}
                    aria-label={`Remove the block ${formatDateRange(block.start_date, block.end_date)}`}
                  >
                    <TrashIcon size={16} />
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {removed && (
          <p className="alert alert-success" role="status">
            {removed}
          </p>
        )}
        {editable && <AddBlockForm carId={carId} />}
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this maintenance block?"
        confirmLabel="Remove block"
        tone="danger"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(toRemove.id, {
            onSuccess: (data) => {
              setRemoved(data.message || 'Block removed: the days are free to book again.');
              setToRemove(null);
            },
          })
        }
      >
        {toRemove && (
          <p>
            {formatDateRange(toRemove.start_date, toRemove.end_date)} will be free for renters to
            book again.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
