import type { User } from '../../../../shared/schemas/auth';
import { DocumentsSection } from './documents-section';
import { PasswordAndSessions } from './password-and-sessions';
import { PhoneVerification } from './phone-verification';
import { ProfileForm } from './profile-form';
import { SmsRemindersToggle } from './sms-reminders-toggle';
import { YourData } from './your-data';

/**
 * What /profile shows once the renter's details are in: its own chunk, which the page starts
 * loading as it asks the server for those details (PAGE-18), so the forms' code (react-hook-form
 * among it) is not in the page's first load, whose first paint is the loading state.
 */
export function ProfileSections({ user }: { user: User }) {
  return (
    <div className="profile-sections">
      <PhoneVerification user={user} />
      <ProfileForm key={user.id} user={user} />
      <SmsRemindersToggle user={user} />
      <DocumentsSection />
      <PasswordAndSessions />
      <YourData />
    </div>
  );
}
