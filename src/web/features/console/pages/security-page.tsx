import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuthenticatorSetup } from '../../../../shared/schemas/auth';
import { AdminPageHeader } from '../../../components/console/admin-shell';
import { ErrorState, LoadingState } from '../../../components/console/states';
import { AuthenticatorKey } from '../../../components/second-step/authenticator-key';
import { OneTimeCodeForm } from '../../../components/second-step/one-time-code-form';
import { RecoveryCodes } from '../../../components/second-step/recovery-codes';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  confirmAuthenticator,
  securityKeys,
  startAuthenticatorSetup,
  useSecondStep,
  useSetSecondStepMethod,
} from '../api/security-api';

const METHODS = {
  totp: 'A code from an authenticator app',
  sms: 'A code by SMS to your phone',
} as const;

/**
 * The signed-in staff member's second step (ACCT-26): how they prove it is them after the
 * password, switching between the authenticator app and SMS codes, and setting up a new app
 * (new recovery codes with it).
 */
export function SecurityPage() {
  usePageTitle('Sign-in security');
  const queryClient = useQueryClient();
  const secondStep = useSecondStep();
  const setMethod = useSetSecondStepMethod();
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  if (secondStep.isPending) return <LoadingState label="Loading…" />;
  if (secondStep.isError)
    return (
      <ErrorState
        title="Couldn't load your sign-in settings"
        error={secondStep.error}
        onRetry={() => void secondStep.refetch()}
      />
    );
  const current = secondStep.data;

  async function beginSetup() {
    setStartError(null);
    try {
      setSetup(await startAuthenticatorSetup());
    } catch (error) {
      setStartError(error instanceof ApiError ? error.message : 'Please try again.');
    }
  }

  return (
    <>
      <AdminPageHeader
        title="Sign-in security"
        lead="After your password, the console asks for a one-time code."
      />
      <section className="panel" aria-labelledby="method-heading">
        <div className="panel-head">
          <h2 id="method-heading">Your second step</h2>
        </div>
        <div className="panel-body">
          <p>
            Now: <strong>{METHODS[current.method]}</strong>
            {current.authenticator_ready && (
              <span className="muted">
                {' '}
                · {current.recovery_codes_left} recovery code
                {current.recovery_codes_left === 1 ? '' : 's'} left
              </span>
            )}
          </p>
          <div className="recovery-codes-actions">
            {current.method === 'totp' ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={setMethod.isPending}
                onClick={() => setMethod.mutate({ method: 'sms' })}
              >
                Use SMS codes instead
              </button>
            ) : (
              current.authenticator_ready && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={setMethod.isPending}
                  onClick={() => setMethod.mutate({ method: 'totp' })}
                >
                  Use the authenticator app
                </button>
              )
            )}
            {!setup && !codes && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => void beginSetup()}
              >
                {current.authenticator_ready
                  ? 'Set up a new authenticator app'
                  : 'Set up an authenticator app'}
              </button>
            )}
          </div>
          {setMethod.error instanceof ApiError && (
            <p className="field-error" role="alert">
              {setMethod.error.message}
            </p>
          )}
          {startError && (
            <p className="field-error" role="alert">
              {startError}
            </p>
          )}
        </div>
      </section>

      {setup && (
        <section className="panel" aria-labelledby="setup-heading">
          <div className="panel-head">
            <h2 id="setup-heading">Set up an authenticator app</h2>
          </div>
          <div className="panel-body">
            <p className="muted">
              Scan the QR code with the app (or type the key), then enter the code it shows. Your
              current way of signing in stays until then.
            </p>
            <AuthenticatorKey setup={setup} />
            <OneTimeCodeForm
              id="security-setup-code"
              label="Code shown in the app"
              hint="6 digits; a new one every 30 seconds"
              submitLabel="Confirm"
              submit={async (code) => {
                const done = await confirmAuthenticator(code);
                const { recovery_codes, ...rest } = done;
                queryClient.setQueryData(securityKeys.secondStep, rest);
                setSetup(null);
                setCodes(recovery_codes);
              }}
              secondary={
                <button type="button" className="btn btn-ghost" onClick={() => setSetup(null)}>
                  Cancel
                </button>
              }
            />
          </div>
        </section>
      )}

      {codes && (
        <section className="panel" aria-labelledby="codes-heading">
          <div className="panel-head">
            <h2 id="codes-heading">Save your new recovery codes</h2>
          </div>
          <div className="panel-body">
            <RecoveryCodes codes={codes} doneLabel="Done" onDone={() => setCodes(null)} />
          </div>
        </section>
      )}
    </>
  );
}
