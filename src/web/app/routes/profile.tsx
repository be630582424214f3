import { AccountShell } from '../account-shell';
import { Spinner } from '../../components/spinner';
import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useSignedInUserQuery } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';

// Loaded beside the request for the details it shows (the page's first paint is its spinner).
const ProfileSections = lazyPart(
  () => import('../../features/account/components/profile-sections').then((m) => m.ProfileSections),
  { start: 'now' },
);

/** /profile: sign-in required (router), then the renter's own details from the server. */
export default function ProfilePage() {
  usePageTitle('Profile');
  // Asked afresh on every visit: another device may have changed them.
  const me = useSignedInUserQuery({ fresh: true });
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
    // Saving and verifying write the signed-in user's query, so the header follows at once.
    content = (
      <Suspense fallback={loading}>
        <ProfileSections user={me.data} />
      </Suspense>
    );
  }
  return (
    <AccountShell title="Profile" lead="Your name and how we can reach you about your bookings.">
      {content}
    </AccountShell>
  );
}
