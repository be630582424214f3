import { AccountShell } from '../account-shell';
import { Spinner } from '../../components/spinner';
import { profileKeys, useMe } from '../../features/account/api/profile';
import type { User } from '../../../shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordAndSessions } from '../../features/account/components/password-and-sessions';
import { PhoneVerification } from '../../features/account/components/phone-verification';
import { ProfileForm } from '../../features/account/components/profile-form';
import { SmsRemindersToggle } from '../../features/account/components/sms-reminders-toggle';
import { DocumentsSection } from '../../features/account/components/documents-section';
import { updateSignedInUser } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

/** /profile: sign-in required (router), then the renter's own details from the server. */
export default function ProfilePage() {
  usePageTitle('Profile');
  const me = useMe();
  const queryClient = useQueryClient();
  const verified = (user: User) => {
    queryClient.setQueryData(profileKeys.me, user);
    updateSignedInUser(user);
  };
  let content;
  if (me.isPending) {
    content = (
      <div className="center-state">
        <Spinner label="Loading your profile…" />
      </div>
    );
  } else if (me.isError) {
    content = (
      <div className="center-state" role="alert">
        <h2>Couldn't load your profile</h2>
        <p className="muted">{me.error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    // Saving also refreshes the session's copy, so the header's initials follow at once.
    content = (
      <div className="profile-sections">
        <PhoneVerification user={me.data} onVerified={verified} />
        <ProfileForm key={me.data.id} user={me.data} onSaved={updateSignedInUser} />
        <SmsRemindersToggle user={me.data} onSaved={updateSignedInUser} />
        <DocumentsSection />
        <PasswordAndSessions />
      </div>
    );
  }
  return (
    <AccountShell title="Profile" lead="Your name and how we can reach you about your bookings.">
      {content}
    </AccountShell>
  );
}
