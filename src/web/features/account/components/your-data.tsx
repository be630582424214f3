import { useState, type FormEvent } from 'react';
import { ACCOUNTING_RETENTION_YEARS } from '../../../../shared/account-data';
import { messages } from '../../../../shared/messages';
import { Dialog } from '../../../components/dialog';
import { describedBy, FieldMessages } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { useCloseAccount, useDownloadMyData } from '../api/account-data';
import './profile.css';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : messages.http.internal;

/** Closing the account (ACCT-31, ACCT-34): what happens, then the password. */
function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const close = useCloseAccount();
  const fieldError = close.error instanceof ApiError ? close.error.errors.password?.[0] : undefined;
  const formError = close.isError && !fieldError ? errorText(close.error) : null;

  function dismiss() {
    setPassword('');
    close.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    close.mutate(password);
  }

  return (
    <Dialog open={open} title="Close your account?" onClose={dismiss} closable={!close.isPending}>
      <form noValidate onSubmit={submit} aria-busy={close.isPending || undefined}>
        <ul className="your-data-consequences">
          <li>Your Ghana Card and driving licence photos and details are deleted.</li>
          <li>You are signed out on every device, and your phone number can register again.</li>
          <li>
            Your past bookings and payments stay in our accounts for {ACCOUNTING_RETENTION_YEARS}{' '}
            years, without your name or number.
          </li>
        </ul>
        <div className="field">
          <label htmlFor="close-account-password">Your password</label>
          <input
            id="close-account-password"
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy('close-account-password', null, fieldError)}
            data-autofocus
          />
          <FieldMessages id="close-account-password" error={fieldError} />
        </div>
        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        <div className="your-data-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={dismiss}
            disabled={close.isPending}
          >
            Keep my account
          </button>
          <button type="submit" className="btn btn-danger" disabled={close.isPending}>
            {close.isPending ? 'Closing…' : 'Close my account'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The profile's Your data (ACCT-34): download everything we hold, or close the account. Deleting
 * documents is in the Documents section, beside them.
 */
export function YourData() {
  const download = useDownloadMyData();
  const [closing, setClosing] = useState(false);
  return (
    <section className="card account-panel" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title" className="profile-section-title">
        Your data
      </h2>
      <p className="muted">
        What we keep about you, why and for how long is in our{' '}
        <Link to={paths.terms.getHref()}>privacy notice</Link>.
      </p>

      <div className="your-data-item">
        <h3 className="profile-subtitle">Download my data</h3>
        <p className="muted profile-subtitle-lead">
          One file with your profile, bookings, payments, the texts we sent you and your documents’
          details.
        </p>
        {download.isError && (
          <p className="alert alert-error" role="alert">
            {errorText(download.error)}
          </p>
        )}
        <button
          type="button"
          className="btn btn-outline"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparing…' : 'Download my data'}
        </button>
      </div>

      <div className="your-data-item">
        <h3 className="profile-subtitle">Close my account</h3>
        <p className="muted profile-subtitle-lead">
          You can close your account when no booking of yours is open and every payment is settled.
        </p>
        <button type="button" className="btn btn-danger-outline" onClick={() => setClosing(true)}>
          Close my account
        </button>
      </div>
      <CloseAccountDialog open={closing} onClose={() => setClosing(false)} />
    </section>
  );
}
