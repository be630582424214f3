import { useNavigate } from '../lib/router';
import { paths } from '../config/paths';
import {
  AccountLayout,
  type AccountLayoutProps,
} from '../features/account/components/account-layout';
import { logout, useSignedInUser } from '../lib/session-store';

/**
 * The account pages' frame with the session plugged in: the account feature draws the menu,
 * the auth feature knows who is signed in. Composed here so neither imports the other.
 */
export function AccountShell(props: AccountLayoutProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const userName = user ? user.name : null;
  return (
    <AccountLayout
      {...props}
      userName={userName}
      onLogout={async () => {
        await logout();
        void navigate(paths.home.getHref());
      }}
    />
  );
}
