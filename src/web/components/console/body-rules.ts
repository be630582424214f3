import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { lazyRuleset } from '../../lib/lazy-resolver';

/**
 * A console form's rules: the API's own schema for the body the form sends (the handover's
 * PickupInputSchema, a staff change's AdminChangeBookingInputSchema…), loaded after the page
 * has rendered (lib/lazy-resolver.ts). Messages are keyed by the body's field names, whole
 * paths included ('kept_lines.0.amount'), as a 422 from the server names them, so the form
 * shows both the same way. The values pass on as typed; the form builds the body it sends.
 */
export function bodyRules<T extends FieldValues, C = unknown>(
  load: () => Promise<z.ZodType>,
  toBody: (values: T, context: C) => unknown,
  /** The form's own checks, against what it knows besides (the pickup's odometer, the clock). */
  extra: (values: T, context: C) => Record<string, string> = () => ({}),
): Resolver<T, C, T> {
  return lazyRuleset<T, T>(() =>
    load().then((schema) => (values, context) => {
      const parsed = schema.safeParse(toBody(values, context as C));
      const found: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues)
        found[issue.path.join('.')] ??= issue.message;
      for (const [field, message] of Object.entries(extra(values, context as C)))
        found[field] ??= message;
      if (!Object.keys(found).length) return { values, errors: {} };
      const errors = Object.fromEntries(
        Object.entries(found).map(([field, message]) => [field, { type: 'validate', message }]),
      );
      return { values: {}, errors: errors as FieldErrors<T> };
    }),
  ) as Resolver<T, C, T>;
}

/** A form's messages by field name, flat ('kept_lines.0.amount'), as the console shows them. */
export function messagesOf(errors: Record<string, { message?: unknown } | undefined>) {
  const shown: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors))
    if (typeof error?.message === 'string') shown[field] = error.message;
  return shown;
}
