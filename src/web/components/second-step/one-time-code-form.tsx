import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { FieldMessages, describedBy } from '../form-fields';

/**
 * A code from an authenticator app (or, where `hint` says so, a recovery code), checked by
 * `submit`. The server's word on a wrong code shows on the field; anything else above the
 * buttons. Used at sign-in (ACCT-22) and when a staff member sets up a new app (ACCT-26).
 */
export function OneTimeCodeForm({
  id,
  label,
  hint,
  submitLabel,
  submit,
  secondary,
  allowRecoveryCode = false,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  submitLabel: string;
  submit: (code: string) => Promise<void>;
  secondary?: ReactNode;
  allowRecoveryCode?: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError('Enter the code');
      return;
    }
    if (!allowRecoveryCode && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setError('The code is 6 digits');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await submit(allowRecoveryCode ? typed : typed.replace(/\s+/g, ''));
    } catch (caught) {
      const onField = caught instanceof ApiError ? caught.errors.code?.[0] : undefined;
      if (onField) setError(onField);
      else
        setFailure(
          caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.',
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="input"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          autoComplete="one-time-code"
          inputMode={allowRecoveryCode ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <FieldMessages id={id} hint={hint} error={error} />
      </div>
      {failure && (
        <div className="alert alert-error auth-alert" role="alert">
          {failure}
        </div>
      )}
      <div className="verify-phone-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
          {busy ? 'Checking…' : submitLabel}
        </button>
        {secondary}
      </div>
    </form>
  );
}
