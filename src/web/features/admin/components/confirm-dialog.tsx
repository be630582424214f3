import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'danger' for what cannot be undone (cancel, delete). */
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** The server's refusal, shown in the dialog so the person can read it and decide. */
  error?: string | null;
  /** Offer a note for the booking's timeline. */
  withNote?: boolean;
  /** The note field's label, when the note is not optional. */
  noteLabel?: string;
  onConfirm: (note: string) => void;
  onClose: () => void;
  /** The button that closes without doing anything ('Cancel' would be ambiguous here). */
  dismissLabel?: string;
}

/** Asks before anything that changes a booking, a car or money; stays open on a refusal. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  pending,
  error,
  withNote,
  noteLabel = 'Note for the timeline (optional)',
  onConfirm,
  onClose,
  dismissLabel = 'Go back',
}: ConfirmDialogProps) {
  const [note, setNote] = useState('');
  const noteId = useId();
  // A new question starts with an empty note (adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setNote('');
  }

  return (
    <Dialog open={open} title={title} onClose={onClose} closable={!pending}>
      <form
        className="confirm-form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(note.trim());
        }}
      >
        <div className="confirm-body">{children}</div>
        {withNote && (
          <div className="field">
            <label htmlFor={noteId}>{noteLabel}</label>
            <textarea
              id={noteId}
              className="textarea confirm-note"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              disabled={pending}
            />
          </div>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="confirm-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={pending}>
            {dismissLabel}
          </button>
          <button
            type="submit"
            className={tone === 'danger' ? 'btn btn-destructive' : 'btn btn-primary'}
            disabled={pending}
          >
            {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
