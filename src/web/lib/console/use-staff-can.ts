import { staffCan, type StaffRoute } from '../../../shared/staff-permissions';
import { useSignedInUserQuery } from '../signed-in-user-query';

/**
 * Whether the signed-in staff member's role may use a staff route (ROLE-8): the console shows
 * a button only when the server would accept it, from the same matrix the server enforces.
 */
export function useStaffCan(): (route: StaffRoute) => boolean {
  const role = useSignedInUserQuery().data?.staff_role;
  return (route) => staffCan(role, route);
}
