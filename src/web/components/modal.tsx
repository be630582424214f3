import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** While false, Escape, the × and the backdrop do nothing (SPEC: blocked while submitting). */
  closable?: boolean;
  /** Extra class on the <dialog>, e.g. a wider layout. */
  className?: string;
  children: ReactNode;
}

/**
 * A real <dialog> opened with showModal(): the browser traps focus, makes the page behind
 * inert and returns focus to the opener on close.
 */
export function Modal({ open, title, onClose, closable = true, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === ref.current && closable) onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={onClose}
            disabled={!closable}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
