import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

interface ShownState<T extends FieldValues> {
  errors: FieldErrors<T>;
  touchedFields: Partial<Record<string, unknown>>;
  isSubmitted: boolean;
}

/**
 * VAL-1: a field's message shows once the person has left the field, and for every
 * field after a submit attempt; never while they are still typing their first answer.
 */
export function shownError<T extends FieldValues>(
  state: ShownState<T>,
  field: Path<T>,
): string | undefined {
  if (!state.touchedFields[field] && !state.isSubmitted) return undefined;
  const message = (state.errors as Record<string, { message?: unknown } | undefined>)[field]
    ?.message;
  return typeof message === 'string' ? message : undefined;
}
