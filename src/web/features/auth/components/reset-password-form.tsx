import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { messages } from '../../../../shared/messages';
import type { ResetPasswordInput } from '../../../../shared/schemas/auth';
import { TextField } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { shownError } from '../../../lib/form-errors';
import { resetPassword } from '../api/password';
import { FormAlert, PasswordField } from './form-fields';
import './auth-forms.css';

type Field = keyof ResetPasswordInput;
const FIELDS: readonly Field[] = ['ticket', 'code', 'password', 'password_confirmation'];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.ResetPasswordInputSchema),
);

/**
 * ACCT-13, step two: the code from the SMS and a new password, under the register password
 * rules (VAL-3), sent with the ticket this browser was given. `onReset` gets the new password
 * so the page can sign the renter straight in; `onTicketEnded` is told when the ticket is
 * used up (used, expired, five wrong codes), so the page can offer a new code.
 */
export function ResetPasswordForm({
  ticket,
  onReset,
  onTicketEnded,
}: {
  ticket: string;
  onReset: (password: string) => Promise<void>;
  onTicketEnded: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { ticket, code: '', password: '', password_confirmation: '' },
  });
  const shown = (field: Field) => shownError({ errors, touchedFields, isSubmitted }, field);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ ...values, code: values.code.replace(/\s+/g, '') });
      await onReset(values.password);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
        return;
      }
      const ended = error.errors.ticket?.[0];
      if (ended) {
        onTicketEnded(ended);
        return;
      }
      let focused = false;
      for (const [field, list] of Object.entries(error.errors)) {
        if (!isField(field) || field === 'ticket' || !list[0]) continue;
        setError(field, { type: 'server', message: list[0] }, { shouldFocus: !focused });
        focused = true;
      }
      // A wrong code is said on its field; the alert says anything else (a 429's wait, …).
      if (!focused || error.status !== 422) setFailure(error.message);
    }
  });

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={isSubmitting || undefined}
    >
      <TextField
        id="reset-code"
        label="Code from the SMS"
        registration={register('code')}
        error={shown('code')}
        hint="6 digits, from the text message"
        inputProps={{
          autoComplete: 'one-time-code',
          inputMode: 'numeric',
          autoCapitalize: 'none',
          spellCheck: false,
          maxLength: 12,
          autoFocus: true,
        }}
      />
      <PasswordField
        id="reset-password"
        label="New password"
        registration={register('password', { deps: ['password_confirmation'] })}
        error={shown('password')}
        hint="At least 8 characters, with upper and lower case letters, a number and one of !@#$%^&*"
        inputProps={{ autoComplete: 'new-password' }}
      />
      <PasswordField
        id="reset-password-confirmation"
        label="Confirm new password"
        registration={register('password_confirmation')}
        error={shown('password_confirmation')}
        inputProps={{ autoComplete: 'new-password' }}
      />
      <button
        type="submit"
        className="btn btn-primary btn-block auth-submit"
        disabled={isSubmitting}
      >
        {isSubmitting && <span className="spinner spinner-sm" aria-hidden="true" />}
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </button>
      {failure && <FormAlert>{failure}</FormAlert>}
    </form>
  );
}
