import type { FastifyPluginAsync } from 'fastify';
import { adminBookingRoutes } from '../bookings/bookings.staff.routes';
import { adminBranchRoutes } from '../branches/branches.staff.routes';
import { adminCarRoutes } from '../cars/cars.staff.routes';
import { adminCustomerRoutes } from './admin-customers.routes';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { adminExtraPriceRoutes } from '../branches/extra-prices.staff.routes';
import { adminMaintenanceRoutes } from '../cars/maintenance.staff.routes';
import { adminMessageRoutes } from '../inbox/inbox.staff.routes';
import { adminSmsRoutes } from '../messages/sms-log.staff.routes';
import { adminStaffBookingRoutes } from '../bookings/booking-changes.staff.routes';
import { adminDocumentRoutes } from '../documents/documents.staff.routes';
import { adminReviewRoutes } from '../reviews/reviews.staff.routes';
import { adminPhotoRoutes } from '../cars/car-photos.staff.routes';
import { adminHandoverRoutes } from '../handover/handover.routes';

/**
 * The staff console's API (STAFF-1, docs/admin-api.md), registered under /api/admin.
 * Staff only, checked once for the whole scope and at onRequest, before anything else runs:
 * a visitor gets 401 and a renter 403 without their body ever being read or validated
 * (a per-route preHandler would answer an invalid body with 422 before checking who asks).
 */
export const adminRoutes: FastifyPluginAsync<{ uploadsDir: string; documentsDir: string }> = async (
  app,
  { uploadsDir, documentsDir },
) => {
  app.addHook('onRequest', app.requireStaff);

  await app.register(adminDashboardRoutes);
  await app.register(adminCarRoutes);
  await app.register(adminPhotoRoutes, { uploadsDir });
  await app.register(adminMaintenanceRoutes);
  await app.register(adminBranchRoutes);
  await app.register(adminExtraPriceRoutes);
  await app.register(adminBookingRoutes);
  // Phone and walk-in bookings, staff changes with a reason (STAFF-14 to STAFF-22).
  await app.register(adminStaffBookingRoutes);
  // Pickup and return records, and the handover receipt (HAND-1 to HAND-9).
  await app.register(adminHandoverRoutes, { documentsDir });
  await app.register(adminCustomerRoutes);
  await app.register(adminMessageRoutes);
  // The SMS log (not the contact messages above).
  await app.register(adminSmsRoutes);
  // Renters' documents (DOC-4, DOC-5) and review moderation (REVIEW-4).
  await app.register(adminDocumentRoutes);
  await app.register(adminReviewRoutes);
};
