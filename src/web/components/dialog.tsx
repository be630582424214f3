import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** While false, Escape, the × and the backdrop do nothing (e.g. while a payment is submitting). */
  closable?: boolean;
  /** Extra class on the <dialog>, e.g. a wider layout. */
  className?: string;
  children: ReactNode;
}

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

function showDialog(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  // Browsers without showModal (jsdom in the component tests) get the same keyboard handling
  // from this component; only the inert page behind is the browser's alone.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hideDialog(dialog: HTMLDialogElement) {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** Focus goes to the element marked data-autofocus, else the first control after the ×. */
function focusFirst(dialog: HTMLDialogElement) {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  const controls = tabbables(dialog);
  const target = marked ?? controls.find((c) => !c.classList.contains('modal-close')) ?? dialog;
  target.focus();
}

/**
 * The one dialog of the site: a native <dialog> opened with showModal(), so the page behind is
 * inert. On top of what the browser gives, it keeps Tab and Shift+Tab cycling inside (instead of
 * leaving for the browser's own toolbar), closes on Escape, and gives focus back to the control
 * that opened it, also when its owner unmounts it while open (the header's lazy popups do).
 */
export function Dialog({
  open,
  title,
  onClose,
  closable = true,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A passive effect, not a layout one: React puts focus back where it was before a commit
  // (its selection restore) after layout effects have run, which would undo the return.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    showDialog(dialog);
    // showModal() focuses the first focusable element, which is the ×: start at the content.
    focusFirst(dialog);
    return () => {
      hideDialog(dialog);
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [open]);

  function onKeyDown(event: ReactKeyboardEvent<HTMLDialogElement>) {
    const dialog = ref.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      // Handled here rather than through the native cancel event: Chromium skips that event on
      // a repeated Escape, and jsdom has none.
      event.preventDefault();
      event.stopPropagation();
      if (closable) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = tabbables(dialog);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
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
