import { constraintName, sqlState } from '../http-errors';

/** Deadlocks and serialisation failures are safe to retry: the transaction did nothing. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/**
 * Runs a transaction again after a deadlock or serialisation failure, and after a clash of
 * a fresh random booking code (drawn again on the next attempt).
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error) ?? '';
      const codeClash = state === '23505' && constraintName(error) === 'bookings_booking_code_key';
      if (attempt >= attempts || !(RETRYABLE_SQLSTATES.has(state) || codeClash)) throw error;
      await new Promise((r) => setTimeout(r, attempt * 5 + Math.random() * 10));
    }
  }
}
