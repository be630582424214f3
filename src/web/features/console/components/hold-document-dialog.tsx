import { useId, useState, type FormEvent } from 'react';
import { HOLD_REASON_MAX } from '../../../../shared/documents';
import { Dialog } from '../../../components/dialog';
import { FieldMessages, describedBy } from '../../../components/form-fields';

/**
 * Asks why a document is kept for a dispute (DOC-11): the renter sees the reason on their
 * profile, and the document is not deleted until released.
 */
export function HoldDocumentDialog({
  open,
  documentName,
  pending,
  fieldError,
  serverError,
  onHold,
  onClose,
}: {
  open: boolean;
  /** The kind as a sentence names it: 'Ghana Card', 'driving licence'. */
  documentName: string;
  pending: boolean;
  fieldError: string | undefined;
  serverError: string | null;
  onHold: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const hint =
    'The renter sees this on their profile, e.g. “Damage dispute on booking CLG-7Q2K9X.”';
  function submit(event: FormEvent) {
    event.preventDefault();
    onHold(reason);
  }
  return (
    <Dialog
      open={open}
      title={`Hold the ${documentName} for a dispute`}
      onClose={() => {
        setReason('');
        onClose();
      }}
      closable={!pending}
    >
      <form className="confirm-form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            id={`${id}-reason`}
            className="textarea confirm-note"
            maxLength={HOLD_REASON_MAX}
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(`${id}-reason`, hint, fieldError)}
            disabled={pending}
          />
          <FieldMessages id={`${id}-reason`} hint={hint} error={fieldError} />
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
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
            Hold
          </button>
        </div>
      </form>
    </Dialog>
  );
}
