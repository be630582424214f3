import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { messages } from '../../../../shared/messages';
import { TextField } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { shownError } from '../../../lib/form-errors';
import { requestPasswordReset } from '../api/password';
import { FormAlert } from './form-fields';
import './auth-forms.css';

// The number is checked as on the Sign in tab (VAL-2): it is the number they sign in with.
// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.LoginInputSchema.pick({ msisdn: true })),
);
type ForgotFormValues = { msisdn: string };

/**
 * ACCT-13, step one: the number that gets the code. The ticket the answer carries is kept for
 * this browser (api/password.ts); a 429 (a code asked for within the minute) is said in words.
 */
export function ForgotPasswordForm({
  onSent,
}: {
  onSent: (msisdn: string, message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ForgotFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { msisdn: '' },
  });

  const onSubmit = handleSubmit(async ({ msisdn }) => {
    setFailure(null);
    try {
      onSent(msisdn.trim(), await requestPasswordReset({ msisdn }));
    } catch (error) {
      const onField = error instanceof ApiError ? error.errors.msisdn?.[0] : undefined;
      setFailure(onField ?? (error instanceof ApiError ? error.message : messages.http.internal));
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
        id="forgot-msisdn"
        label="Phone number"
        registration={register('msisdn')}
        error={shownError({ errors, touchedFields, isSubmitted }, 'msisdn')}
        hint="The number you sign in with. We will text it a code."
        inputProps={{
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          placeholder: '024 412 3456',
        }}
      />
      <button
        type="submit"
        className="btn btn-primary btn-block auth-submit"
        disabled={isSubmitting}
      >
        {isSubmitting && <span className="spinner spinner-sm" aria-hidden="true" />}
        {isSubmitting ? 'Sending…' : 'Send me a code'}
      </button>
      {failure && <FormAlert>{failure}</FormAlert>}
    </form>
  );
}
