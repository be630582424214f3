import { shownError } from '../../../lib/form-errors';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { Link } from '../../../lib/router';
import { messages } from '../../../../shared/messages';
import type { RegisterFormValues } from '../../../../shared/schemas/auth';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { clearAuthError, register as registerAccount } from '../../../lib/session-store';
import { TextField } from '../../../components/form-fields';
import { CheckboxField, FormAlert, PasswordField } from './form-fields';
import { registerHint } from '../register-hint';
import './auth-forms.css';

const defaultValues: RegisterFormValues = {
  name: '',
  msisdn: '',
  password: '',
  password_confirmation: '',
  acceptPolicy: false,
};

const isFormField = (field: string): field is keyof RegisterFormValues => field in defaultValues;

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.RegisterFormSchema),
);

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isValid },
  } = useForm<RegisterFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues,
  });

  // isValid is worked out on every change whatever the mode, so the button wakes up as soon
  // as the form is complete; messages still wait until the person has left the field.
  const shown = (field: keyof RegisterFormValues) =>
    shownError({ errors, touchedFields, isSubmitted }, field);

  // The failure was about what was sent; once the person edits the form it no longer applies.
  useEffect(() => {
    const subscription = watch(() => setFailure(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    clearAuthError();
    try {
      await registerAccount(values);
      onRegistered();
    } catch (error) {
      // ACCT-7: a failed sign-up is shown in words, on the form and beside each field.
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
        return;
      }
      setFailure(error.message);
      let focused = false;
      for (const [field, fieldMessages] of Object.entries(error.errors)) {
        if (!isFormField(field) || !fieldMessages[0]) continue;
        // The first field to fix gets focus, so the person lands right where the problem is.
        setError(field, { type: 'server', message: fieldMessages[0] }, { shouldFocus: !focused });
        focused = true;
      }
    }
  });

  // After a refused sign-up the alert says what is wrong, not this hint.
  const showIncompleteHint = !isValid && !isSubmitting && !failure;
  const values = watch();
  const hint = showIncompleteHint
    ? registerHint(
        values,
        (Object.keys(defaultValues) as (keyof RegisterFormValues)[]).filter((field) =>
          shown(field),
        ),
      )
    : null;

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={isSubmitting || undefined}
    >
      <TextField
        id="register-name"
        label="Full name"
        registration={register('name')}
        error={shown('name')}
        inputProps={{ autoComplete: 'name', autoCapitalize: 'words' }}
      />
      <TextField
        id="register-msisdn"
        label="Phone number"
        registration={register('msisdn')}
        error={shown('msisdn')}
        hint="You will sign in with this number."
        inputProps={{
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          placeholder: '024 412 3456',
        }}
      />
      <PasswordField
        id="register-password"
        label="Password"
        registration={register('password', { deps: ['password_confirmation'] })}
        error={shown('password')}
        hint="At least 8 characters, with upper and lower case letters, a number and one of !@#$%^&*"
        inputProps={{ autoComplete: 'new-password' }}
      />
      <PasswordField
        id="register-password-confirmation"
        label="Confirm password"
        registration={register('password_confirmation')}
        error={shown('password_confirmation')}
        inputProps={{ autoComplete: 'new-password' }}
      />
      <CheckboxField
        id="register-accept-policy"
        registration={register('acceptPolicy')}
        error={shown('acceptPolicy')}
      >
        I accept the{' '}
        <Link to={paths.terms.getHref()} target="_blank" rel="noopener">
          privacy policy
          <span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
      </CheckboxField>
      <button
        type="submit"
        className="btn btn-primary btn-block auth-submit"
        disabled={!isValid || isSubmitting}
        aria-describedby={showIncompleteHint ? 'register-incomplete' : undefined}
      >
        {isSubmitting && <span className="spinner spinner-sm" aria-hidden="true" />}
        {isSubmitting ? 'Registering...' : 'Register'}
      </button>
      {/* Always in the page, so a screen reader hears the hint change as the form fills in. */}
      <p id="register-incomplete" className="auth-footnote" aria-live="polite">
        {hint}
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
    </form>
  );
}
