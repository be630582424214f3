import { AccountShell } from '../account-shell';
import { Spinner } from '../../components/spinner';
import { profileKeys, useMe } from '../../features/account/api/profile';
import type { User } from '../../../shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { updateSignedInUser } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

// Loaded beside the request for the details it shows (the page's first paint is its spinner).
const ProfileSections = lazyPart(
  () => import('../../features/account/components/profile-sections').then((m) => m.ProfileSections),
  { start: 'now' },
);

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
  const loading = (
    <div className="center-state">
      <Spinner label="Loading your profile…" />
    </div>
  );
  if (me.isPending) {
    content = loading;
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
      <Suspense fallback={loading}>
        <ProfileSections user={me.data} onVerified={verified} onSaved={updateSignedInUser} />
      </Suspense>
    );
  }
  return (
    <AccountShell title="Profile" lead="Your name and how we can reach you about your bookings.">
      {content}
    </AccountShell>
  );
}
