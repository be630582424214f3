import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { messages } from '../../../shared/messages';
import { normalizeMsisdn, formatMsisdn } from '../../../shared/phone';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { forgetResetTicket, resetTicketFor } from '../../features/auth/api/reset-ticket';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { login } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

/** ACCT-16: the reset page without a ticket from this browser for this number. */
const NO_TICKET =
  'This browser did not ask for a code for this number, or that request has ended. Ask for a new code to set a new password.';

/**
 * /reset-password?msisdn=… (ACCT-16, ROUTE-9): the code and a new password, sent with the
 * ticket /forgot-password kept in this browser (ACCT-13). On success the renter is signed in
 * with it and goes on to the cars, as after signing in (ROUTE-2): the reset ended every other
 * session, so this is the one they now hold. Without a ticket the page says so and offers a
 * new code.
 */
export default function ResetPasswordPage() {
  usePageTitle('Set a new password');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const msisdn = searchParams.get('msisdn')?.trim() ?? '';
  const [ended, setEnded] = useState<string | null>(null);
  if (!msisdn) return <Navigate to={paths.forgotPassword.getHref()} replace />;
  const ticket = ended ? null : resetTicketFor(msisdn);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  async function signInWithNewPassword(password: string) {
    if (await login({ msisdn, password })) {
      // ACCT-20: the cars page says it worked.
      void navigate(paths.availableCars.getHref(), {
        replace: true,
        state: { flash: messages.password.resetSignedIn },
      });
    } else {
      // The password is set; only the automatic sign-in failed (e.g. a sign-in limit).
      void navigate(paths.login.getHref(), {
        replace: true,
        state: { notice: messages.password.resetDone },
      });
    }
  }

  return (
    <AuthCard
      headingId="reset-heading"
      heading="Set a new password"
      lead={
        ticket ? (
          <>
            Enter the code we sent to{' '}
            <strong className="nowrap">{formatMsisdn(normalizeMsisdn(msisdn))}</strong> and choose a
            new password.
          </>
        ) : (
          <>
            To set a new password for{' '}
            <strong className="nowrap">{formatMsisdn(normalizeMsisdn(msisdn))}</strong>, ask for a
            code from this browser.
          </>
        )
      }
    >
      {ticket && typeof notice === 'string' && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {ticket ? (
        <ResetPasswordForm
          ticket={ticket}
          onReset={signInWithNewPassword}
          onTicketEnded={(message) => {
            forgetResetTicket();
            setEnded(message);
          }}
        />
      ) : (
        <div className="alert alert-error" role="alert">
          {ended ?? NO_TICKET}
        </div>
      )}
      <p className="auth-card-links">
        <Link to={paths.forgotPassword.getHref()}>
          {ticket ? 'No code? Send a new one' : 'Send me a new code'}
        </Link>
        <Link to={paths.login.getHref()}>Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
