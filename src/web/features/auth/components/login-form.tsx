import { shownError } from '../../../lib/form-errors';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import type { LoginFormValues } from '../../../../shared/schemas/auth';
import {
  clearAuthError,
  finishLogin,
  getSessionState,
  isSessionNotice,
  login,
  requestSignInCode,
  useSession,
} from '../../../lib/session-store';
import { normalizeMsisdn } from '../../../../shared/phone';
import { TextField } from '../../../components/form-fields';
import { LazyVerifyPhoneForm } from '../../../components/lazy-verify-phone-form';
import { CheckboxField, FormAlert, PasswordField } from './form-fields';
import './auth-forms.css';

const defaultValues: LoginFormValues = { msisdn: '', password: '', remember: false };

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.LoginFormSchema),
);

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { loading, error } = useSession();
  // ACCT-17: the password was right past the number's limit; the SMS code finishes.
  const [codeStep, setCodeStep] = useState<{
    ticket: string;
    msisdn: string;
    message: string;
  } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<LoginFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues,
  });

  // VAL-1: a message only for a field the person has left, or after they tried to submit.
  const shown = (field: keyof LoginFormValues) =>
    shownError({ errors, touchedFields, isSubmitted }, field);

  // Session notices (expiry, a revoked token) are the page's to show, and they stay. A failed
  // sign-in stays too, until the next attempt (login() clears it): a message that vanished on
  // a timer could be gone before someone reading slowly, or a screen reader, reached it.
  const loginError = error && !isSessionNotice(error) ? error : null;

  // A failure left behind when the person walked away must not greet them on their next visit.
  useEffect(
    () => () => {
      if (!isSessionNotice(getSessionState().error)) clearAuthError();
    },
    [],
  );

  const onSubmit = handleSubmit(async (values) => {
    const signedIn = await login(values, {
      onCodeStep: ({ ticket, message }) =>
        setCodeStep({ ticket, message, msisdn: normalizeMsisdn(values.msisdn) }),
    });
    if (signedIn) onSignedIn();
  });

  if (codeStep) {
    // The code form of ACCT-15, finishing the sign-in with the ticket (ACCT-18). Resend signs
    // in again with what the form holds, for a new code and ticket (LIMIT-9 spaces them).
    return (
      <>
        {/* Why a code, when the password was right (ACCT-18): the server's words. */}
        <p className="alert alert-info login-notice" role="status">
          {codeStep.message}
        </p>
        <LazyVerifyPhoneForm
          idPrefix="login-code"
          msisdn={codeStep.msisdn}
          codeJustSent
          autoFocus
          submitLabel="Sign in"
          submitCode={(code) => finishLogin(codeStep.ticket, code)}
          resendCode={async () => {
            const next = await requestSignInCode(getValues());
            if (next) setCodeStep({ ...codeStep, ticket: next.ticket });
            else onSignedIn();
          }}
          onVerified={onSignedIn}
          secondary={
            <button type="button" className="btn btn-ghost" onClick={() => setCodeStep(null)}>
              Back
            </button>
          }
        />
      </>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={loading || undefined}>
      <TextField
        id="login-msisdn"
        label="Phone number"
        registration={register('msisdn')}
        error={shown('msisdn')}
        inputProps={{
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          placeholder: '024 412 3456',
        }}
      />
      <PasswordField
        id="login-password"
        label="Password"
        registration={register('password')}
        error={shown('password')}
        inputProps={{ autoComplete: 'current-password' }}
      />
      <div className="login-form-row">
        <CheckboxField id="login-remember" registration={register('remember')}>
          Remember me
        </CheckboxField>
        {/* ACCT-16: a new password by SMS code. */}
        <Link to={paths.forgotPassword.getHref()} className="login-forgot">
          Forgot password?
        </Link>
      </div>
      <button type="submit" className="btn btn-primary btn-block auth-submit" disabled={loading}>
        {loading && <span className="spinner spinner-sm" aria-hidden="true" />}
        {loading ? 'Logging in...' : 'Sign in'}
      </button>
      {loginError && <FormAlert>{loginError}</FormAlert>}
    </form>
  );
}
