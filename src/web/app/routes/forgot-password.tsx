import { Link, useNavigate } from '../../lib/router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { usePageTitle } from '../../lib/use-page-title';

/** /forgot-password (ACCT-16, ROUTE-9): the number first; the code and new password next. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const navigate = useNavigate();
  return (
    <AuthCard
      headingId="forgot-heading"
      heading="Forgot your password?"
      lead="Enter your phone number. We will text you a code to set a new password."
    >
      <ForgotPasswordForm
        onSent={(msisdn, message) =>
          void navigate(paths.resetPassword.getHref(msisdn), { state: { notice: message } })
        }
      />
      <p className="auth-card-links">
        <Link to={paths.login.getHref()}>Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
