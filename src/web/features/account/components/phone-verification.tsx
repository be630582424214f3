import { useEffect, useState } from 'react';
import type { User } from '../../../../shared/schemas/auth';
import {
  LazyVerifyPhoneForm,
  preloadVerifyPhoneForm,
} from '../../../components/lazy-verify-phone-form';
import './profile.css';

/**
 * ACCT-15 on the profile: an unverified number is said plainly, with 'Verify now', which asks
 * for a code and shows the code form in place. Nothing is shown once the number is verified
 * (verifying writes the signed-in user's query, which the page shows).
 */
export function PhoneVerification({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const unverified = !user.phone_verified;
  // 'Verify now' is offered: its form starts loading.
  useEffect(() => {
    if (unverified) preloadVerifyPhoneForm();
  }, [unverified]);
  if (!unverified) return null;
  return (
    <section className="card account-panel profile-verify" aria-labelledby="profile-verify-title">
      <h2 id="profile-verify-title" className="profile-section-title">
        Your phone number is not verified
      </h2>
      {open ? (
        <LazyVerifyPhoneForm
          idPrefix="profile-verify"
          msisdn={user.msisdn}
          onVerified={() => setOpen(false)}
          autoFocus
          secondary={
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Not now
            </button>
          }
        />
      ) : (
        <>
          <p className="muted profile-subtitle-lead">
            We text a code to your number to make sure it is yours. You need it to book a car.
          </p>
          <button type="button" className="btn btn-accent" onClick={() => setOpen(true)}>
            Verify now
          </button>
        </>
      )}
    </section>
  );
}
