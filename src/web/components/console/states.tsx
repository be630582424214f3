import type { ReactNode } from 'react';
import { Spinner } from '../spinner';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="admin-state">
      <Spinner label={label} />
      <p className="muted">{label}</p>
    </div>
  );
}

export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry?: () => void;
}) {
  return (
    <div className="admin-state" role="alert">
      <h2>{title}</h2>
      <p className="muted">{error.message}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-state admin-empty">
      <svg viewBox="0 0 96 96" width="80" height="80" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#e3f2ea" />
        <rect
          x="26"
          y="30"
          width="44"
          height="38"
          rx="6"
          fill="#fff"
          stroke="#0b5d3b"
          strokeWidth="3"
        />
        <path d="M34 44h28M34 54h18" stroke="#f5b800" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
