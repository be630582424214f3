import { useRef } from 'react';

/** crypto.randomUUID exists only in secure contexts; a LAN address over http is not one. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per attempt at the same booking (API-5). A retry after a
 * network error or a 5xx may follow a booking the server did make, so it reuses the key and
 * gets that booking back; changed values, or a clear answer, start a new attempt.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(payload: unknown): string {
      const fingerprint = JSON.stringify(payload);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { fingerprint, key: randomKey() };
      return attempt.current.key;
    },
    /** Call when the server gave a definite answer: the next submit is a new attempt. */
    settle() {
      attempt.current = null;
    },
  };
}
