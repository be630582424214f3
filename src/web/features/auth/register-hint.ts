import type { RegisterFormValues } from '../../../shared/schemas/auth';

const LABELS: Record<keyof RegisterFormValues, string> = {
  name: 'your full name',
  msisdn: 'your phone number',
  password: 'a password',
  password_confirmation: 'the password again',
  acceptPolicy: 'the privacy policy',
};

/**
 * Why Register is still off (it stays disabled while the form is invalid, ACCT-21), in words that
 * name what is missing or wrong, not a blanket "fill in every field": the empty fields, the
 * passwords that differ, and any field whose own message is showing (ACCT-21).
 */
export function registerHint(
  values: RegisterFormValues,
  fieldsWithErrors: readonly (keyof RegisterFormValues)[],
): string {
  const missing = (['name', 'msisdn', 'password', 'password_confirmation'] as const).filter(
    (field) => !values[field].trim(),
  );
  const parts: string[] = [];
  if (missing.length) parts.push(`Enter ${joinWords(missing.map((field) => LABELS[field]))}`);
  if (
    values.password &&
    values.password_confirmation &&
    values.password !== values.password_confirmation
  )
    parts.push('Make the two passwords the same');
  const wrong = fieldsWithErrors.filter(
    (field) =>
      field !== 'acceptPolicy' &&
      !missing.includes(field as never) &&
      field !== 'password_confirmation',
  );
  if (wrong.length) parts.push(`Correct ${joinWords(wrong.map((field) => LABELS[field]))}`);
  if (!values.acceptPolicy) parts.push('Accept the privacy policy');
  return parts.length
    ? `To register: ${parts.join('; ')}.`
    : 'Check the fields above: one is not right yet.';
}

function joinWords(words: string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
