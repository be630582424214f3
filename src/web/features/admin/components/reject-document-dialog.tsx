import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { REJECTION_REASON_MAX } from '../../../../shared/documents';
import { Dialog } from '../../../components/dialog';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { lazyResolver } from '../../../lib/lazy-resolver';

// The rules load after the page has rendered (lib/lazy-resolver.ts).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/documents').then((m) => m.RejectDocumentInputSchema),
);

/**
 * Asks why a document is rejected (DOC-4): the renter reads the reason on their profile, so it
 * is required, and says what to fix.
 */
export function RejectDocumentDialog({
  open,
  documentName,
  pending,
  serverError,
  onReject,
  onClose,
}: {
  open: boolean;
  /** The kind as a sentence names it: 'Ghana Card', 'driving licence'. */
  documentName: string;
  pending: boolean;
  serverError: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  // Each opening draws a new, empty form (adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  const [round, setRound] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRound((n) => n + 1);
  }
  return (
    <Dialog open={open} title={`Reject the ${documentName}`} onClose={onClose} closable={!pending}>
      <RejectForm
        key={round}
        pending={pending}
        serverError={serverError}
        onReject={onReject}
        onClose={onClose}
      />
    </Dialog>
  );
}

function RejectForm({
  pending,
  serverError,
  onReject,
  onClose,
}: {
  pending: boolean;
  serverError: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { reason: '' }, reValidateMode: 'onSubmit' });
  const error = errors.reason?.message;

  const hint =
    'The renter reads this on their profile, e.g. “The PIN cannot be read: take the photo in daylight.”';
  return (
    <form
      className="confirm-form"
      noValidate
      onSubmit={handleSubmit((values) => onReject(values.reason))}
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          className="textarea confirm-note"
          maxLength={REJECTION_REASON_MAX}
          data-autofocus
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-reason`, hint, error)}
          disabled={pending}
          {...register('reason')}
        />
        <FieldMessages id={`${id}-reason`} hint={hint} error={error} />
      </div>
      {serverError && (
        <div className="alert alert-error" role="alert">
          {serverError}
        </div>
      )}
      <div className="confirm-actions">
        <button type="button" className="btn btn-outline" onClick={onClose} disabled={pending}>
          Go back
        </button>
        <button type="submit" className="btn btn-destructive" disabled={pending}>
          {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
          Reject
        </button>
      </div>
    </form>
  );
}
