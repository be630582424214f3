import { AccountShell } from '../account-shell';
import { Spinner } from '../../components/spinner';
import { useMe } from '../../features/account/api/profile';
import { ProfileForm } from '../../features/account/components/profile-form';
import { SmsRemindersToggle } from '../../features/account/components/sms-reminders-toggle';
import { updateSignedInUser } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

/** /profile: sign-in required (router), then the renter's own details from the server. */
export default function ProfilePage() {
  usePageTitle('Profile');
  const me = useMe();
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
      <>
        <ProfileForm key={me.data.id} user={me.data} onSaved={updateSignedInUser} />
        <SmsRemindersToggle user={me.data} onSaved={updateSignedInUser} />
      </>
    );
  }
  return (
    <AccountShell title="Profile" lead="Your name and how we can reach you about your bookings.">
      {content}
    </AccountShell>
  );
}
