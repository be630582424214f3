import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
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
export function ConfirmDialog({ open, title, onClose, pending, ...form }: ConfirmDialogProps) {
  // A new question starts with an empty note: each opening draws a new form (adjusted while
  // rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  const [round, setRound] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRound((n) => n + 1);
  }
  return (
    <Dialog open={open} title={title} onClose={onClose} closable={!pending}>
      <ConfirmForm key={round} pending={pending} onClose={onClose} {...form} />
    </Dialog>
  );
}

/** The question itself: the note, when there is one, is all there is to fill in. */
function ConfirmForm({
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
}: Omit<ConfirmDialogProps, 'open' | 'title'>) {
  const noteId = useId();
  const { register, handleSubmit } = useForm<{ note: string }>({ defaultValues: { note: '' } });
  return (
    <form className="confirm-form" onSubmit={handleSubmit(({ note }) => onConfirm(note.trim()))}>
      <div className="confirm-body">{children}</div>
      {withNote && (
        <div className="field">
          <label htmlFor={noteId}>{noteLabel}</label>
          <textarea
            id={noteId}
            className="textarea confirm-note"
            maxLength={500}
            disabled={pending}
            {...register('note')}
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
  );
}
