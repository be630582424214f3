import { MOBILE_MONEY_HOLD_MINUTES } from '../../shared/constants';

/**
 * What the site says about the company, one wording per fact (PAGE-4), so the home page, the
 * header and the sign-in page never disagree with each other or with the rules they describe.
 */

/** When people can reach us: the branches' hours, every day (BRANCH-1), not round the clock. */
export const HELP_DAYS = '7 days a week';
export const HELP_LINE = `Help on the phone and WhatsApp ${HELP_DAYS}`;

/** The towns with a branch (BRANCH-1). */
export const BRANCH_TOWNS = ['Accra', 'Kumasi'] as const;

/** How long a mobile money payment holds the car while the renter approves it (BOOK-6). */
export const HOLD_WORDING = `${MOBILE_MONEY_HOLD_MINUTES} minutes`;
