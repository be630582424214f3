import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api-client';

/**
 * Puts a 422's field messages on the form's fields (the first one gets focus) and returns the
 * message for the whole form: the server's words, or a generic one for a network failure.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return messages.http.internal;
  let focused = false;
  for (const [field, fieldMessages] of Object.entries(error.errors)) {
    if (!fields.includes(field) || !fieldMessages[0]) continue;
    setError(
      field as Path<T>,
      { type: 'server', message: fieldMessages[0] },
      { shouldFocus: !focused },
    );
    focused = true;
  }
  return error.message;
}

/** A mutation's error in words. */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : messages.http.internal;
