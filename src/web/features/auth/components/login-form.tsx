import { shownError } from '../../../lib/form-errors';
import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import type { LoginFormValues, PendingSignInResponse } from '../../../../shared/schemas/auth';
import { lazyPart } from '../../../lib/lazy-part';
import { Spinner } from '../../../components/spinner';
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

// A staff member's authenticator step (ACCT-22, ACCT-24): only after their password, so in a
// chunk of its own, off the page's first load.
const AuthenticatorSignIn = lazyPart(
  () => import('./staff-second-step').then((m) => m.AuthenticatorSignIn),
  { start: 'on-demand' },
);
const AuthenticatorSetupSignIn = lazyPart(
  () => import('./staff-second-step').then((m) => m.AuthenticatorSetupSignIn),
  { start: 'on-demand' },
);

const defaultValues: LoginFormValues = { msisdn: '', password: '', remember: false };

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.LoginFormSchema),
);

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { loading, error } = useSession();
  // ACCT-17: the password was right past the number's limit; the SMS code finishes. ACCT-22:
  // a staff member's second step, by SMS or from their authenticator app.
  const [codeStep, setCodeStep] = useState<{
    pending: PendingSignInResponse;
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
      onCodeStep: (pending) =>
        setCodeStep({
          pending,
          ticket: pending.ticket,
          message: pending.message,
          msisdn: normalizeMsisdn(values.msisdn),
        }),
    });
    if (signedIn) onSignedIn();
  });

  const back = (
    <button type="button" className="btn btn-ghost" onClick={() => setCodeStep(null)}>
      Back
    </button>
  );
  const pending = codeStep?.pending;
  if (pending && (pending.step === 'setup' || pending.method === 'totp')) {
    return (
      <Suspense fallback={<Spinner label="Loading…" />}>
        {pending.step === 'setup' ? (
          <AuthenticatorSetupSignIn pending={pending} onSignedIn={onSignedIn} back={back} />
        ) : (
          <AuthenticatorSignIn
            ticket={pending.ticket}
            message={pending.message}
            onSignedIn={onSignedIn}
            back={back}
          />
        )}
      </Suspense>
    );
  }

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
            if (next) setCodeStep({ ...codeStep, pending: next, ticket: next.ticket });
            else onSignedIn();
          }}
          onVerified={onSignedIn}
          secondary={back}
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
