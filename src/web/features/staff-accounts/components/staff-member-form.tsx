import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { StaffRole } from '../../../../shared/constants';
import { formatMsisdn } from '../../../../shared/phone';
import type { AdminBranch } from '../../../../shared/schemas/branches.staff';
import type {
  CreateStaffFormValues,
  CreateStaffInput,
  StaffMember,
} from '../../../../shared/schemas/staff-accounts';
import { describedBy, FieldMessages, TextField } from '../../../components/form-fields';
import { applyServerErrors } from '../../../components/console/server-errors';
import { shownError } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { ROLE_LABELS, ROLE_OPTIONS } from './staff-labels';

// The rules load after the page has rendered (lib/lazy-resolver.ts). One schema serves both
// ways in: an edit keeps the member's number, which the PATCH leaves out.
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/staff-accounts').then((m) => m.CreateStaffInputSchema),
);

const FIELDS = ['msisdn', 'name', 'role', 'branch_ids'] as const;
type Field = (typeof FIELDS)[number];

interface StaffMemberFormProps {
  /** Null to add someone. */
  member: StaffMember | null;
  branches: AdminBranch[];
  /** The owner editing themselves: their role is not theirs to change (STAFF-42). */
  isSelf: boolean;
  pending: boolean;
  submitLabel: string;
  onSave: (input: CreateStaffInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A staff member's phone number, name, role and branches (STAFF-38, STAFF-40). The branches
 * are asked for only for a manager or an agent: an owner works at every branch.
 */
export function StaffMemberForm({
  member,
  branches,
  isSelf,
  pending,
  submitLabel,
  onSave,
  onCancel,
}: StaffMemberFormProps) {
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<CreateStaffFormValues, unknown, CreateStaffInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      msisdn: member ? member.msisdn : '',
      name: member?.name ?? '',
      role: (member?.role ?? '') as StaffRole,
      branch_ids: member?.branches.map((b) => b.id) ?? [],
    },
  });
  const shown = (field: Field) => shownError({ errors, touchedFields, isSubmitted }, field);
  const role = watch('role') as StaffRole | '';
  const chosen = (watch('branch_ids') ?? []) as number[];
  const branchError = isSubmitted ? errors.branch_ids?.message : undefined;

  const toggleBranch = (branchId: number, on: boolean) =>
    setValue(
      'branch_ids',
      on ? [...chosen, branchId] : chosen.filter((chosenId) => chosenId !== branchId),
      { shouldValidate: isSubmitted, shouldDirty: true },
    );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  const roleRegistration = register('role', {
    // An owner works at every branch: the branches chosen for another role are dropped.
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === 'owner') setValue('branch_ids', []);
    },
  });

  const roleHint =
    'Owners manage everything, staff accounts included; managers and agents work at their branches.';

  return (
    <form className="staff-form" noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
      {member ? (
        <p className="staff-form-number">
          Phone number <strong className="nowrap">{formatMsisdn(member.msisdn)}</strong>
        </p>
      ) : (
        <TextField
          id={fieldId('msisdn')}
          label="Phone number"
          registration={register('msisdn')}
          error={shown('msisdn')}
          hint="They get a text telling them how to set their password."
          inputProps={{
            type: 'tel',
            autoComplete: 'off',
            inputMode: 'tel',
            maxLength: 40,
            placeholder: 'e.g. 024 412 3456',
          }}
        />
      )}
      <TextField
        id={fieldId('name')}
        label="Full name"
        registration={register('name')}
        error={shown('name')}
        inputProps={{ autoComplete: 'off', maxLength: 100, placeholder: 'e.g. Yaw Darko' }}
      />
      {isSelf ? (
        <p className="staff-form-number">
          Role <strong>{ROLE_LABELS[member?.role ?? 'owner']}</strong>
          <span className="field-hint">You cannot change your own role. Another owner can.</span>
        </p>
      ) : (
        <div className="field">
          <label htmlFor={fieldId('role')}>Role</label>
          <select
            id={fieldId('role')}
            className="select"
            aria-invalid={shown('role') ? true : undefined}
            aria-describedby={describedBy(fieldId('role'), roleHint, shown('role'))}
            disabled={pending}
            {...roleRegistration}
          >
            {!member && <option value="">Choose a role</option>}
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldMessages id={fieldId('role')} hint={roleHint} error={shown('role')} />
        </div>
      )}
      {role && role !== 'owner' && (
        <fieldset
          className="fieldset staff-branches"
          aria-describedby={describedBy(fieldId('branch_ids'), undefined, branchError)}
          aria-invalid={branchError ? true : undefined}
        >
          <legend>Branches</legend>
          <div className="check-row">
            {branches.map((branch) => (
              <label key={branch.id} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(branch.id)}
                  disabled={pending}
                  onChange={(event) => toggleBranch(branch.id, event.target.checked)}
                />
                <span>{branch.name}</span>
              </label>
            ))}
          </div>
          <FieldMessages id={fieldId('branch_ids')} error={branchError} />
        </fieldset>
      )}
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      <div className="confirm-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={pending}>
          Go back
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
