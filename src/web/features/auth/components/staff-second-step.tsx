import { useState, type ReactNode } from 'react';
import type { LoginCodeResponse, PendingSignInResponse } from '../../../../shared/schemas/auth';
import { AuthenticatorKey } from '../../../components/second-step/authenticator-key';
import { OneTimeCodeForm } from '../../../components/second-step/one-time-code-form';
import { RecoveryCodes } from '../../../components/second-step/recovery-codes';
import { completeSignIn, finishLogin, sendSignInCode } from '../../../lib/session-store';

type SetupStep = Extract<PendingSignInResponse, { step: 'setup' }>;

/** A staff member's code from their authenticator app, or a recovery code (ACCT-22, ACCT-25). */
export function AuthenticatorSignIn({
  ticket,
  message,
  onSignedIn,
  back,
}: {
  ticket: string;
  message: string;
  onSignedIn: () => void;
  back: ReactNode;
}) {
  return (
    <>
      <p className="alert alert-info login-notice" role="status">
        {message}
      </p>
      <OneTimeCodeForm
        id="login-authenticator-code"
        label="Code from your authenticator app"
        hint="6 digits, or one of your recovery codes"
        allowRecoveryCode
        submitLabel="Sign in"
        submit={async (code) => {
          await finishLogin(ticket, code);
          onSignedIn();
        }}
        secondary={back}
      />
    </>
  );
}

/**
 * A staff member's first sign-in (ACCT-24): scan the key into an authenticator app, confirm
 * with its first code, then save the ten recovery codes before the session starts.
 */
export function AuthenticatorSetupSignIn({
  pending,
  onSignedIn,
  back,
}: {
  pending: SetupStep;
  onSignedIn: () => void;
  back: ReactNode;
}) {
  const [done, setDone] = useState<LoginCodeResponse | null>(null);

  if (done) {
    return (
      <section aria-labelledby="recovery-heading">
        <h2 id="recovery-heading" className="h4" tabIndex={-1}>
          Save your recovery codes
        </h2>
        <RecoveryCodes
          codes={done.recovery_codes ?? []}
          onDone={() => {
            completeSignIn(done);
            onSignedIn();
          }}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="setup-heading">
      <h2 id="setup-heading" className="h4">
        Set up your authenticator app
      </h2>
      <p className="muted">{pending.message}</p>
      <ol className="second-step-steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or
          any other).
        </li>
        <li>Add an account by scanning this QR code.</li>
      </ol>
      <AuthenticatorKey setup={pending} />
      <OneTimeCodeForm
        id="login-setup-code"
        label="Code shown in the app"
        hint="6 digits; a new one every 30 seconds"
        submitLabel="Confirm"
        submit={async (code) => setDone(await sendSignInCode(pending.ticket, code))}
        secondary={back}
      />
    </section>
  );
}
