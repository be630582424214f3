import { useState } from 'react';
import { useLocation } from '../../lib/router';

/** The word a page leaves for the next one: `navigate(to, { state: { flash } })`. */
export const flashOf = (state: unknown): string | null => {
  const flash = (state as { flash?: unknown } | null)?.flash;
  return typeof flash === 'string' && flash ? flash : null;
};

/**
 * ACCT-20: after an action that moves the person on (a number verified, a password reset), the
 * next page says it worked, at the top, as a status a screen reader announces; Dismiss puts it
 * away. It belongs to that history entry: a reload or Back there shows it again, as the page's
 * own state would be.
 */
export function FlashNotice() {
  const location = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const flash = flashOf(location.state);
  if (!flash || dismissed === location.key) return null;
  return (
    <div className="container flash-notice">
      <p className="alert alert-success" role="status">
        <span>{flash}</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setDismissed(location.key)}
        >
          Dismiss
        </button>
      </p>
    </div>
  );
}
