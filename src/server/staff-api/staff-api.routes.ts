import type {
  FastifyPluginAsync,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { adminMessages } from '../../shared/staff-messages';
import { HttpError } from '../http-errors';
import { adminCustomerRoutes } from '../modules/admin/admin-customers.routes';
import { adminDashboardRoutes } from '../modules/admin/admin-dashboard.routes';
import { adminStaffBookingRoutes } from '../modules/bookings/booking-changes.staff.routes';
import { adminBookingRoutes } from '../modules/bookings/bookings.staff.routes';
import { adminBranchRoutes } from '../modules/branches/branches.staff.routes';
import { adminExtraPriceRoutes } from '../modules/branches/extra-prices.staff.routes';
import { adminPhotoRoutes } from '../modules/cars/car-photos.staff.routes';
import { adminCarRoutes } from '../modules/cars/cars.staff.routes';
import { adminMaintenanceRoutes } from '../modules/cars/maintenance.staff.routes';
import { adminDocumentRoutes } from '../modules/documents/documents.staff.routes';
import { adminHandoverRoutes } from '../modules/handover/handover.staff.routes';
import { adminMessageRoutes } from '../modules/inbox/inbox.staff.routes';
import { adminConversationRoutes } from '../modules/conversations/conversations.staff.routes';
import { adminSmsRoutes } from '../modules/messages/sms-log.staff.routes';
import { adminReviewRoutes } from '../modules/reviews/reviews.staff.routes';
import { adminStaffAccountRoutes } from '../modules/staff/staff.staff.routes';
import { checkBranchScope } from './branch-scope';
import { staffRuleOf, type StaffRule } from '../../shared/staff-permissions';
import { adminAuditRoutes } from '../modules/audit/audit.staff.routes';
import { adminTaxRoutes } from '../modules/tax/tax.staff.routes';
import { recordStaffWrites } from './audit.plugin';

/**
 * The staff console's API (STAFF-1, docs/admin-api.md), registered under /api/admin: every
 * module's staff routes (`<module>/*.staff.routes.ts`, and the console's own in modules/admin/),
 * in one list, behind one check. Staff only, checked once for the whole scope and at
 * onRequest, before anything else runs: a visitor gets 401 and a renter 403 without their body
 * ever being read or validated (a per-route preHandler would answer an invalid body with 422
 * before checking who asks). A staff route mounted anywhere else would miss this check.
 */
export const staffApiRoutes: FastifyPluginAsync<{
  uploadsDir: string;
  documentsDir: string;
  publicUrl: string;
}> = async (app, { uploadsDir, documentsDir, publicUrl }) => {
  app.addHook('onRequest', app.requireStaff);
  // Every route mounted below gets its rule from the matrix (ROLE-3), or the server does not
  // start: a staff route cannot ship without saying who may use it.
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0] === 'HEAD' ? 'GET' : [route.method].flat()[0]!;
    const rule = staffRuleOf(method, route.url);
    if (!rule)
      throw new Error(
        `No permission rule for ${method} ${route.url}: add one to src/shared/staff-permissions.ts`,
      );
    // Both before the body is read: who asks, then where, then what they send.
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      roleCheck(rule),
      ...(typeof rule.scope === 'object' ? [branchCheck(rule.scope)] : []),
    ];
  });

  /** ROLE-4: a role the rule does not list gets 403, before its body is read. */
  function roleCheck(rule: StaffRule): onRequestHookHandler {
    return async (request: FastifyRequest) => {
      const staff = request.auth?.staff;
      if (!staff || !rule.roles.includes(staff.role))
        throw new HttpError(403, adminMessages.roleForbidden);
    };
  }

  /** ROLE-5: outside the staff member's branches the thing does not exist (404). */
  function branchCheck(scope: Exclude<StaffRule['scope'], string>): onRequestHookHandler {
    return async (request: FastifyRequest) => {
      await checkBranchScope(
        app.db,
        request.auth!.staff!,
        scope,
        request.params as Record<string, unknown>,
      );
    };
  }

  // Every write below is recorded in the audit trail, after the checks above; a write route
  // without an audit description stops the start as well (AUDIT-5).
  recordStaffWrites(app);

  // The console's own: the dashboard (STAFF-7).
  await app.register(adminDashboardRoutes);
  // The fleet: cars, their photos and maintenance blocks (STAFF-2 to STAFF-4).
  await app.register(adminCarRoutes);
  await app.register(adminPhotoRoutes, { uploadsDir });
  await app.register(adminMaintenanceRoutes);
  // Branches and the extras' prices (STAFF-10, STAFF-12).
  await app.register(adminBranchRoutes);
  await app.register(adminExtraPriceRoutes);
  // Bookings: the list, one booking, its actions and refunds (STAFF-5, STAFF-6, PAY-18).
  await app.register(adminBookingRoutes);
  // Phone and walk-in bookings, staff changes with a reason (STAFF-14 to STAFF-22).
  await app.register(adminStaffBookingRoutes);
  // Pickup and return records, and the handover receipt (HAND-1 to HAND-9).
  await app.register(adminHandoverRoutes, { documentsDir });
  // The console's own: the customers (STAFF-8).
  await app.register(adminCustomerRoutes);
  // Contact messages and newsletter sign-ups (STAFF-9).
  await app.register(adminMessageRoutes);
  // Renters' conversations with the company, the same inbox (CONV-8 to CONV-12).
  await app.register(adminConversationRoutes, { publicUrl });
  // The SMS log (not the contact messages above).
  await app.register(adminSmsRoutes);
  // Renters' documents (DOC-4, DOC-5) and review moderation (REVIEW-4).
  await app.register(adminDocumentRoutes);
  await app.register(adminReviewRoutes);
  // Staff accounts, the owner's (STAFF-37 to STAFF-43).
  await app.register(adminStaffAccountRoutes);
  // The audit trail, the owner's (AUDIT-8).
  await app.register(adminAuditRoutes);
  // The company's TIN and taxes, the owner's (STAFF-45).
  await app.register(adminTaxRoutes);
};
