import { useId, useState, type FormEvent } from 'react';
import { documentMessages, REJECTION_REASON_MAX } from '../../../../shared/documents';
import { Dialog } from '../../../components/dialog';
import { FieldMessages, describedBy } from '../../../components/form-fields';

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
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setError(undefined);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { RejectDocumentInputSchema } = await import('../../../../shared/schemas/documents');
    const parsed = RejectDocumentInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? documentMessages.reasonRequired);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(undefined);
    onReject(parsed.data.reason);
  }

  const hint =
    'The renter reads this on their profile, e.g. “The PIN cannot be read: take the photo in daylight.”';
  return (
    <Dialog open={open} title={`Reject the ${documentName}`} onClose={onClose} closable={!pending}>
      <form className="confirm-form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            id={`${id}-reason`}
            className="textarea confirm-note"
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-reason`, hint, error)}
            onChange={(event) => setReason(event.target.value)}
            disabled={pending}
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
    </Dialog>
  );
}
