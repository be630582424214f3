import type { StaffRole } from './constants';

/**
 * Who may use each staff route, and how far (ROLE-3 to ROLE-6): the matrix in
 * docs/requirements.md, kept here in one table. The server enforces it
 * (src/server/staff-api/staff-api.routes.ts refuses to start with a staff route that has no
 * row), tests/hardening/authorization-matrix.test.ts tries each row as every role, and the
 * console reads it to show each role only what it may do (`staffCan`).
 *
 * `scope` says what branch scope means for the route, for a manager or an agent (the owner
 * reaches every branch):
 * - `company`: nothing in it belongs to one branch (the branch list, the extras' prices, the
 *   contact inbox, staff accounts, the audit trail, the customer lookup by phone number).
 * - `listed`: a list or figures; the route itself keeps to the staff member's branches.
 * - `{ booking: 'code' }` and the like: the thing named by that path parameter; outside the
 *   staff member's branches it is 404, as if it did not exist (ROLE-5).
 */
export type BranchScope =
  | 'company'
  | 'listed'
  | { booking: string }
  | { car: string }
  | { customer: string }
  | { document: string }
  | { review: string }
  | { sms: string }
  | { conversation: string }
  | { branch: string };

export interface StaffRule {
  roles: readonly StaffRole[];
  scope: BranchScope;
}

const EVERYONE: readonly StaffRole[] = ['owner', 'manager', 'agent'];
const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];
const OWNER: readonly StaffRole[] = ['owner'];

/** `METHOD /api/admin/path` (the route as registered, with its `:params`) → its rule. */
export const STAFF_RULES = {
  // The day's work for everyone; the money figures for the owner alone (ROLE-7).
  'GET /api/admin/dashboard': { roles: EVERYONE, scope: 'listed' },

  // The fleet: everyone sees their branches' cars; managers run them (ROLE-3).
  'GET /api/admin/cars': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/cars/:id': { roles: EVERYONE, scope: { car: 'id' } },
  'POST /api/admin/cars': { roles: MANAGERS, scope: 'listed' },
  'PUT /api/admin/cars/:id': { roles: MANAGERS, scope: { car: 'id' } },
  'POST /api/admin/cars/:id/retire': { roles: MANAGERS, scope: { car: 'id' } },
  'POST /api/admin/cars/:id/restore': { roles: MANAGERS, scope: { car: 'id' } },
  'POST /api/admin/cars/:id/photos': { roles: MANAGERS, scope: { car: 'id' } },
  'PUT /api/admin/cars/:id/photos/order': { roles: MANAGERS, scope: { car: 'id' } },
  'DELETE /api/admin/cars/:id/photos/:photoId': { roles: MANAGERS, scope: { car: 'id' } },
  'GET /api/admin/cars/:id/maintenance': { roles: EVERYONE, scope: { car: 'id' } },
  'POST /api/admin/cars/:id/maintenance': { roles: MANAGERS, scope: { car: 'id' } },
  'DELETE /api/admin/cars/:id/maintenance/:blockId': { roles: MANAGERS, scope: { car: 'id' } },

  // Branches: the list for everyone (a phone booking names one); the owner opens branches, a
  // manager keeps their own branch's details and hours.
  'GET /api/admin/branches': { roles: EVERYONE, scope: 'company' },
  'POST /api/admin/branches': { roles: OWNER, scope: 'company' },
  'PUT /api/admin/branches/:id': { roles: MANAGERS, scope: { branch: 'id' } },
  // The extras' prices are the company's price list (ROLE-3): the owner's.
  'GET /api/admin/extra-prices': { roles: MANAGERS, scope: 'company' },
  'PUT /api/admin/extra-prices': { roles: OWNER, scope: 'company' },

  // Bookings: the counter's work, for everyone at their branches.
  'GET /api/admin/bookings': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/bookings/:code': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/record-cash': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/cancel': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/change': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/extend': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/prompt-again': { roles: EVERYONE, scope: { booking: 'code' } },
  'GET /api/admin/bookings/:code/handover': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/pick-up': { roles: EVERYONE, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/return': { roles: EVERYONE, scope: { booking: 'code' } },
  'GET /api/admin/bookings/:code/sms': { roles: EVERYONE, scope: { booking: 'code' } },
  // Money sent back by hand is a manager's decision (ROLE-3).
  'POST /api/admin/bookings/:code/retry-refund': { roles: MANAGERS, scope: { booking: 'code' } },
  'POST /api/admin/bookings/:code/settle-refund': { roles: MANAGERS, scope: { booking: 'code' } },
  // A phone booking and its quote: the car named in the request must be at their branches.
  'POST /api/admin/bookings': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/bookings/quote': { roles: EVERYONE, scope: 'listed' },
  // Any renter, found by number, to take a booking at any branch (ROLE-5).
  'GET /api/admin/customers/lookup': { roles: EVERYONE, scope: 'company' },

  // Customers: those with a booking at their branches (or none yet).
  'GET /api/admin/customers': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/customers/:id': { roles: EVERYONE, scope: { customer: 'id' } },
  'GET /api/admin/customers/:id/documents': { roles: EVERYONE, scope: { customer: 'id' } },
  'GET /api/admin/customers/:id/sms': { roles: EVERYONE, scope: { customer: 'id' } },
  // Documents are checked at the counter, by whoever hands the car over.
  'GET /api/admin/documents': { roles: EVERYONE, scope: 'listed' },
  'POST /api/admin/documents/:documentId/verify': {
    roles: EVERYONE,
    scope: { document: 'documentId' },
  },
  'POST /api/admin/documents/:documentId/reject': {
    roles: EVERYONE,
    scope: { document: 'documentId' },
  },

  // Holding a document past its time, for a dispute, is a manager's decision (DOC-11).
  'POST /api/admin/documents/:documentId/hold': {
    roles: MANAGERS,
    scope: { document: 'documentId' },
  },
  'POST /api/admin/documents/:documentId/release': {
    roles: MANAGERS,
    scope: { document: 'documentId' },
  },

  // Reviews are moderated by managers, for their branches' cars.
  'GET /api/admin/reviews': { roles: MANAGERS, scope: 'listed' },
  'POST /api/admin/reviews/:reviewId/hide': { roles: MANAGERS, scope: { review: 'reviewId' } },
  'POST /api/admin/reviews/:reviewId/show': { roles: MANAGERS, scope: { review: 'reviewId' } },

  // The contact inbox is the company's; newsletter sign-ups are marketing, the managers'.
  'GET /api/admin/messages/contact': { roles: EVERYONE, scope: 'company' },
  'POST /api/admin/messages/contact/:id/read': { roles: EVERYONE, scope: 'company' },
  'GET /api/admin/messages/newsletter': { roles: MANAGERS, scope: 'company' },

  // Renters' conversations (CONV-8 to CONV-11): the counter's work, at their branches.
  'GET /api/admin/conversations': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/conversations/assignees': { roles: EVERYONE, scope: 'listed' },
  'GET /api/admin/conversations/:id': { roles: EVERYONE, scope: { conversation: 'id' } },
  'POST /api/admin/conversations/:id/messages': {
    roles: EVERYONE,
    scope: { conversation: 'id' },
  },
  'POST /api/admin/conversations/:id/read': { roles: EVERYONE, scope: { conversation: 'id' } },
  'POST /api/admin/conversations/:id/assign': { roles: EVERYONE, scope: { conversation: 'id' } },
  'POST /api/admin/conversations/:id/close': { roles: EVERYONE, scope: { conversation: 'id' } },

  // Texts that failed: the list for managers (their branches'), a resend where it belongs.
  'GET /api/admin/sms/failed': { roles: MANAGERS, scope: 'listed' },
  'POST /api/admin/sms/:id/resend': { roles: EVERYONE, scope: { sms: 'id' } },

  // Staff accounts are the owner's (STAFF-43).
  'GET /api/admin/staff': { roles: OWNER, scope: 'company' },
  'POST /api/admin/staff': { roles: OWNER, scope: 'company' },
  'PATCH /api/admin/staff/:id': { roles: OWNER, scope: 'company' },
  'POST /api/admin/staff/:id/deactivate': { roles: OWNER, scope: 'company' },
  'POST /api/admin/staff/:id/reactivate': { roles: OWNER, scope: 'company' },

  // The audit trail is the owner's (AUDIT-8).
  'GET /api/admin/audit': { roles: OWNER, scope: 'company' },
  'GET /api/admin/audit.csv': { roles: OWNER, scope: 'company' },
  'GET /api/admin/audit/staff': { roles: OWNER, scope: 'company' },

  // The company's TIN and the taxes its receipts show are the owner's (STAFF-45).
  'GET /api/admin/tax-settings': { roles: OWNER, scope: 'company' },
  'PUT /api/admin/tax-settings': { roles: OWNER, scope: 'company' },
} as const satisfies Record<string, StaffRule>;

export type StaffRoute = keyof typeof STAFF_RULES;

/** The rule of a route as Fastify registered it, e.g. `GET /api/admin/cars/:id`. */
export const staffRuleOf = (method: string, url: string): StaffRule | undefined =>
  (STAFF_RULES as Record<string, StaffRule>)[`${method} ${url}`];

/** Whether `role` may use the staff route `key` (`METHOD /api/admin/path`): the console's buttons. */
export const staffCan = (role: StaffRole | null | undefined, route: StaffRoute) =>
  !!role && (STAFF_RULES[route].roles as readonly StaffRole[]).includes(role);
