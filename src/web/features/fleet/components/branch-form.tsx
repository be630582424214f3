import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminBranch } from '../../../../shared/schemas/branches.staff';
import {
  BranchInputSchema,
  type BranchFormValues,
  type BranchInput,
} from '../../../../shared/schemas/branches';
import { TextField } from '../../../components/form-fields';
import { shownError } from '../../../lib/form-errors';
import { CheckField } from './fields';
import { applyServerErrors } from '../../../components/console/server-errors';

const FIELDS = ['name', 'town', 'address', 'phone', 'opens', 'closes', 'is_airport'] as const;
type Field = (typeof FIELDS)[number];

/** A new branch opens the company's usual hours (BRANCH-1). */
const formValuesOf = (branch: AdminBranch | null): BranchFormValues => ({
  name: branch?.name ?? '',
  town: branch?.town ?? '',
  address: branch?.address ?? '',
  phone: branch?.phone ?? '',
  opens: branch?.opens ?? '07:00',
  closes: branch?.closes ?? '21:00',
  is_airport: branch?.is_airport ?? false,
});

interface BranchFormProps {
  branch: AdminBranch | null;
  pending: boolean;
  onSave: (input: BranchInput) => Promise<unknown>;
  submitLabel: string;
}

/** Every field of a branch, checked by the schema the server uses (BranchInputSchema). */
export function BranchForm({ branch, pending, onSave, submitLabel }: BranchFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, touchedFields, isSubmitted, isDirty },
  } = useForm<BranchFormValues, unknown, BranchInput>({
    resolver: zodResolver(BranchInputSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(branch),
  });
  const shown = (field: Field) => shownError({ errors, touchedFields, isSubmitted }, field);
  const id = (field: Field) => `branch-${field}`;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      reset(getValues());
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form className="branch-form" noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
      <section className="panel" aria-labelledby="branch-place-heading">
        <div className="panel-head">
          <h2 id="branch-place-heading">The place</h2>
        </div>
        <div className="panel-body form-grid">
          <TextField
            id={id('name')}
            label="Name"
            registration={register('name')}
            error={shown('name')}
            hint="As renters see it, e.g. East Legon office."
            inputProps={{ autoComplete: 'off', maxLength: 80 }}
          />
          <TextField
            id={id('town')}
            label="Town"
            registration={register('town')}
            error={shown('town')}
            hint="Delivery is offered only for cars at a branch in Accra."
            inputProps={{ autoComplete: 'off', maxLength: 60, placeholder: 'Accra' }}
          />
          <TextField
            id={id('address')}
            label="Address"
            className="span-all"
            registration={register('address')}
            error={shown('address')}
            inputProps={{ autoComplete: 'off', maxLength: 200 }}
          />
          <TextField
            id={id('phone')}
            label="Phone"
            registration={register('phone')}
            error={shown('phone')}
            inputProps={{ type: 'tel', autoComplete: 'off', maxLength: 20 }}
          />
          <div className="field-check-wrap">
            <CheckField
              id={id('is_airport')}
              label="At an airport (pickups here carry the airport fee)"
              registration={register('is_airport')}
              error={shown('is_airport')}
            />
          </div>
        </div>
      </section>

      <section className="panel" aria-labelledby="branch-hours-heading">
        <div className="panel-head">
          <h2 id="branch-hours-heading">Opening hours</h2>
        </div>
        <div className="panel-body form-grid">
          <TextField
            id={id('opens')}
            label="Opens at"
            registration={register('opens')}
            error={shown('opens')}
            inputProps={{ type: 'time', step: 60 }}
          />
          <TextField
            id={id('closes')}
            label="Closes at"
            registration={register('closes')}
            error={shown('closes')}
            inputProps={{ type: 'time', step: 60 }}
          />
          <p className="field-hint span-all">
            Renters pick cars up and return them within these hours, every day (Accra time).
            Bookings already made keep their times.
          </p>
        </div>
      </section>

      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      <div className="form-actions">
        {branch && isDirty && <span className="muted unsaved">Unsaved changes</span>}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
