import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { messages } from '../../../../shared/messages';
import type { ChangePasswordInput } from '../../../../shared/schemas/auth';
import { PasswordField } from '../../../components/password-field';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { shownError } from '../../../lib/form-errors';
import { changePassword, logoutEverywhere } from '../../../lib/session-store';
import './profile.css';

type Field = keyof ChangePasswordInput;
const FIELDS: readonly string[] = ['current_password', 'password', 'password_confirmation'];
const isField = (name: string): name is Field => FIELDS.includes(name);

const emptyValues: ChangePasswordInput = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

// The schema and zod load after the page has rendered (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/auth').then((m) => m.ChangePasswordInputSchema),
);

/**
 * ACCT-14 and ACCT-16 on the profile: a new password (this session stays, every other one ends) and
 * 'Log out everywhere' (every session ends, this one too: the session store forgets it and
 * the sign-in page says why).
 */
export function PasswordAndSessions() {
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [endAllFailure, setEndAllFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const shown = (field: Field) => shownError({ errors, touchedFields, isSubmitted }, field);

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFailure(null);
    try {
      const message = await changePassword(values);
      reset(emptyValues);
      setSaved(message);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(messages.http.internal);
        return;
      }
      let focused = false;
      for (const [field, list] of Object.entries(error.errors)) {
        if (!isField(field) || !list[0]) continue;
        setError(field, { type: 'server', message: list[0] }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused || error.status !== 422) setFailure(error.message);
    }
  });

  async function endEverySession() {
    setEndingAll(true);
    setEndAllFailure(null);
    try {
      // On success the session is gone, and the sign-in-required page sends the renter to
      // sign in, where the notice says what happened.
      await logoutEverywhere();
    } catch (error) {
      setEndAllFailure(error instanceof ApiError ? error.message : messages.http.internal);
      setEndingAll(false);
    }
  }

  return (
    <section className="card account-panel" aria-labelledby="profile-security-title">
      <h2 id="profile-security-title" className="profile-section-title">
        Password and sessions
      </h2>

      <form
        className="profile-password"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="profile-password-title"
        aria-busy={isSubmitting || undefined}
      >
        <h3 id="profile-password-title" className="profile-subtitle">
          Change password
        </h3>
        <p className="muted profile-subtitle-lead">
          Your other devices are signed out; this one stays signed in.
        </p>
        <div className="profile-grid">
          <PasswordField
            id="profile-current-password"
            label="Current password"
            registration={register('current_password')}
            error={shown('current_password')}
            inputProps={{ autoComplete: 'current-password' }}
          />
        </div>
        <div className="profile-grid">
          <PasswordField
            id="profile-new-password"
            label="New password"
            registration={register('password', { deps: ['password_confirmation'] })}
            error={shown('password')}
            hint="At least 8 characters, with upper and lower case letters, a number and one of !@#$%^&*"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <PasswordField
            id="profile-new-password-confirmation"
            label="Confirm new password"
            registration={register('password_confirmation')}
            error={shown('password_confirmation')}
            inputProps={{ autoComplete: 'new-password' }}
          />
        </div>
        <div role="status" className="profile-status">
          {saved && (
            <p className="alert alert-success profile-saved">
              <CheckIcon size={20} />
              {saved}
            </p>
          )}
        </div>
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>

      <div className="profile-sessions">
        <h3 className="profile-subtitle">Signed in somewhere else?</h3>
        <p className="muted profile-subtitle-lead">
          Log out everywhere ends every session, on every phone and computer, this one included. You
          can sign in again at once.
        </p>
        {endAllFailure && (
          <p className="alert alert-error" role="alert">
            {endAllFailure}
          </p>
        )}
        <button
          type="button"
          className="btn btn-outline"
          disabled={endingAll}
          onClick={() => void endEverySession()}
        >
          {endingAll ? 'Logging out…' : 'Log out everywhere'}
        </button>
      </div>
    </section>
  );
}
