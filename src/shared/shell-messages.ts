/**
 * The few texts of messages.ts that the web app's shell shows itself (the session store and the
 * API client, in the entry chunk every page downloads): here, so that messages.ts (2.4 KiB
 * gzip) stays out of that chunk and loads only with the pages that use it (PAGE-18,
 * docs/decisions/024-own-router.md). messages.ts includes them, at the same paths, so
 * `messages.session.expired` and `shellMessages.session.expired` are the same text.
 */
export const shellMessages = {
  login: {
    failed: 'Login failed',
    invalidStatusCode: 'Invalid status code from server',
  },
  session: {
    expired: 'Session expired. Please login again.',
    required: 'Please sign in to continue.',
    /** ROLE-9: a staff account the owner switched off. */
    deactivated: 'This staff account has been switched off. Ask the owner if this is a mistake.',
    noActiveSession: 'No active session',
    logoutFailed: 'Failed to log out',
  },
  http: {
    internal: 'Something went wrong on our side. Please try again.',
  },
  password: {
    loggedOutEverywhere: 'You have been signed out everywhere.',
  },
  /** ACCT-34: after closing the account, the sign-in page says it is done. */
  account: {
    closed: 'Your account is closed and you are signed out. Thank you for renting with CarLink.',
  },
  phone: {
    verified: 'Your phone number is verified.',
  },
} as const;
