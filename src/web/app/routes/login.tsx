import { useEffect, useRef, useState } from 'react';
import { shellMessages } from '../../../shared/shell-messages';
import { HELP_LINE } from '../../config/company-facts';
import { returnAfterSignIn, signInReason } from '../../lib/return-after-sign-in';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { Tabs } from '../../components/tabs';
import {
  LazyVerifyPhoneForm,
  preloadVerifyPhoneForm,
} from '../../components/lazy-verify-phone-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import {
  currentSignedInUser,
  isSessionNotice,
  useSession,
  useSignedInUser,
} from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';
import './login.css';

type Tab = 'signin' | 'register';

const intro: Record<Tab, { heading: string; line: string }> = {
  signin: {
    heading: 'Welcome back',
    line: 'Sign in with your phone number to book a car and see your bookings.',
  },
  register: {
    heading: 'Create your account',
    line: 'All you need is your phone number. It takes less than a minute.',
  },
};

/** A notice another page left for this one (a password reset, ACCT-13). */
const noticeFromState = (state: unknown): string | null => {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
};

export default function LoginPage() {
  usePageTitle('Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { error } = useSession();
  const user = useSignedInUser();
  // ACCT-15: right after registering, the code from the SMS (ROUTE-2: then on to the cars).
  const [verifying, setVerifying] = useState(false);

  // The tab lives in the URL, so the header's Register link (/login?tab=register) opens it.
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'signin';
  // Registering ends on the code form (ACCT-15): on the Register tab, it starts loading.
  useEffect(() => {
    if (tab === 'register') preloadVerifyPhoneForm();
  }, [tab]);
  const selectTab = (next: Tab) =>
    setSearchParams(next === 'register' ? { tab: 'register' } : {}, {
      replace: true,
      preventScrollReset: true,
      // Keeps where the person was going when they switch tabs.
      state: location.state,
    });

  /** On to where the person was going; `flash`: a word for that page (ACCT-20). */
  const continueAfterSignIn = (flash?: string) => {
    const next = returnAfterSignIn(location.state, currentSignedInUser()?.role);
    const state =
      flash && (next.state === undefined || (next.state !== null && typeof next.state === 'object'))
        ? { ...(next.state as object | undefined), flash }
        : next.state;
    void navigate(next.to, { replace: true, state });
  };
  // Registered: the code form replaces the form the person scrolled down through, so the page
  // goes back to its top and the new heading takes focus (ACCT-15).
  const codeHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!verifying) return;
    window.scrollTo({ top: 0 });
    codeHeading.current?.focus();
  }, [verifying]);

  return (
    <div className="login-page">
      <div className="container login-layout">
        <div className="login-aside">
          <CarIllustration />
          <p className="login-aside-title">Rent your perfect car</p>
          <ul className="login-aside-points">
            <li>Pay with mobile money or when you pick up the car</li>
            <li>Clear prices in Ghana cedis, no surprises</li>
            <li>{HELP_LINE}</li>
          </ul>
        </div>

        <section className="login-card card" aria-labelledby="login-heading">
          {verifying && user ? (
            <>
              <header className="login-intro">
                <h1 id="login-heading" ref={codeHeading} tabIndex={-1}>
                  Check your phone
                </h1>
                <p className="muted">
                  One last step: the code proves the number is yours, and you need it to book.
                </p>
              </header>
              <LazyVerifyPhoneForm
                idPrefix="register-verify"
                msisdn={user.msisdn}
                codeJustSent
                autoFocus
                onVerified={() => continueAfterSignIn(shellMessages.phone.verified)}
                secondary={
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => continueAfterSignIn()}
                  >
                    Skip for now
                  </button>
                }
              />
            </>
          ) : (
            <>
              <header className="login-intro">
                <h1 id="login-heading">{intro[tab].heading}</h1>
                <p className="muted">{intro[tab].line}</p>
              </header>

              {!isSessionNotice(error) && noticeFromState(location.state) && (
                <div className="alert alert-success login-notice" role="status">
                  <span>{noticeFromState(location.state)}</span>
                </div>
              )}
              {/* ROUTE-1, ROUTE-9: a visitor sent here by a login-required page is told why. */}
              {!isSessionNotice(error) && signInReason(location.state) && (
                <div className="alert alert-info login-notice" role="status">
                  <span>{signInReason(location.state)}</span>
                </div>
              )}

              {isSessionNotice(error) && (
                <div className="alert alert-info login-notice" role="alert">
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                    <circle
                      cx="12"
                      cy="12"
                      r="9"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    />
                    <path
                      d="M12 7v5l3 2"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                  <span>{error}</span>
                </div>
              )}

              <Tabs
                label="Sign in or register"
                look="segmented"
                focusablePanels={false}
                selected={tab}
                onSelect={selectTab}
                tabs={[
                  {
                    id: 'signin',
                    label: 'Sign in',
                    panel: <LoginForm onSignedIn={() => continueAfterSignIn()} />,
                  },
                  {
                    id: 'register',
                    label: 'Register',
                    panel: <RegisterForm onRegistered={() => setVerifying(true)} />,
                  },
                ]}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** Decorative: a car on the open road at sunset, in the house colours. */
function CarIllustration() {
  return (
    <svg
      className="login-aside-art"
      viewBox="0 0 480 214"
      width="480"
      height="214"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="login-ground" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#06361f" stopOpacity="0.9" />
          <stop offset="1" stopColor="#06361f" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="352" cy="78" r="44" fill="#f5b800" />
      <circle cx="352" cy="78" r="62" fill="#f5b800" opacity="0.15" />
      <path
        d="M0 150c70-30 130-40 210-28 60 9 110 6 170-14 40-13 70-14 100-8v40H0z"
        fill="#0f7a4c"
        opacity="0.55"
      />
      <rect x="0" y="150" width="480" height="90" fill="url(#login-ground)" />
      <path d="M0 170h480" stroke="#1c2621" strokeWidth="28" />
      <path
        d="M14 170h36M92 170h36M170 170h36M248 170h36M326 170h36M404 170h36"
        stroke="#f5b800"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <g transform="translate(108 82)">
        <ellipse cx="128" cy="98" rx="128" ry="7" fill="#000" opacity="0.25" />
        <path
          d="M8 62c2-16 12-24 30-27l34-26c8-6 16-9 27-9h58c12 0 22 5 30 14l22 24c20 3 33 11 36 26l1 8c0 5-4 9-9 9H16c-6 0-10-4-9-10z"
          fill="#fff"
        />
        <path d="M82 14c5-4 10-6 17-6h26v28H62z" fill="#cfe6da" />
        <path d="M133 8h24c9 0 17 4 22 11l13 17h-59z" fill="#cfe6da" />
        <path d="M12 60h236" stroke="#e2e6ea" strokeWidth="3" />
        <rect x="216" y="44" width="20" height="8" rx="4" fill="#f5b800" />
        <rect x="10" y="46" width="10" height="7" rx="3" fill="#d9534f" />
        <circle cx="62" cy="78" r="20" fill="#14181c" />
        <circle cx="62" cy="78" r="8" fill="#c9d0d6" />
        <circle cx="196" cy="78" r="20" fill="#14181c" />
        <circle cx="196" cy="78" r="8" fill="#c9d0d6" />
      </g>
    </svg>
  );
}
