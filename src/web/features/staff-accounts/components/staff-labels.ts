import type { StaffRole } from '../../../../shared/constants';

/** What each role is called on the console's pages (STAFF-43). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Branch manager',
  agent: 'Counter agent',
};

export const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as StaffRole[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

export const ROLE_BADGES: Record<StaffRole, string> = {
  owner: 'badge badge-amber',
  manager: 'badge badge-green',
  agent: 'badge badge-grey',
};
